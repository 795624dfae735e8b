/** Settings of the `http_request` tool and how the allow-list is read. */

export interface HttpToolOptions {
  /**
   * Hostnames (exact, case-insensitive) that may be reached even when they resolve
   * to a private or loopback address. Defaults to `SWITCHYARD_ALLOWED_HOSTS`,
   * read at call time so a changed environment applies without a restart.
   */
  allowedHosts?: string[];
  /** Largest response body accepted, in bytes (default 5 MB). */
  maxResponseBytes?: number;
  /** Timeout when the params give none (default 30 s). */
  defaultTimeoutMs?: number;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;

/** Lower-case a hostname and drop IPv6 brackets so `[::1]` and `::1` compare equal. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[|\]$/g, "");
}

/** The allow-list in force: the option when given, else the environment variable. */
export function allowedHostsFrom(options: HttpToolOptions): Set<string> {
  const raw = options.allowedHosts ?? (process.env.SWITCHYARD_ALLOWED_HOSTS ?? "").split(",");
  return new Set(raw.map(normalizeHost).filter((h) => h.length > 0));
}
