/** Settings of the `http_request` tool and how the allow-list is read. */
import type { HttpTransport } from "./transport";

export interface HttpToolOptions {
  /**
   * Hostnames (exact, case-insensitive) that may be reached even when they resolve
   * to a private or loopback address. Defaults to `SWITCHYARD_ALLOWED_HOSTS`,
   * read at call time so a changed environment applies without a restart.
   */
  allowedHosts?: string[];
  /**
   * Ports this server listens on: requests to this machine on them are refused (./own-server.ts).
   * Defaults to `SWITCHYARD_LISTEN_PORT`, which scripts/serve.mjs sets.
   */
  ownPorts?: number[];
  /** Largest response body accepted, in bytes (default 5 MB). */
  maxResponseBytes?: number;
  /** Timeout when the params give none (default 30 s). */
  defaultTimeoutMs?: number;
  /** The network (default: Node's resolver and sockets, ./node-transport.ts). */
  transport?: HttpTransport;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;

/** Lower-case a hostname and drop IPv6 brackets so `[::1]` and `::1` compare equal. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[|\]$/g, "");
}

/** The ports this server listens on: the option when given, else `SWITCHYARD_LISTEN_PORT`. */
export function ownPortsFrom(options: HttpToolOptions): Set<number> {
  const raw = options.ownPorts ?? (process.env.SWITCHYARD_LISTEN_PORT ?? "").split(",").map(Number);
  return new Set(raw.filter((p) => Number.isInteger(p) && p > 0));
}

/**
 * The allow-list in force: the option when given, else the environment variable. An entry
 * is a host name or address, or `host:port` (which alone admits this server's own port).
 */
export function allowedHostsFrom(options: HttpToolOptions): Set<string> {
  const raw = options.allowedHosts ?? (process.env.SWITCHYARD_ALLOWED_HOSTS ?? "").split(",");
  return new Set(raw.map(normalizeHost).filter((h) => h.length > 0));
}
