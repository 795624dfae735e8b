/**
 * Decides where a request may connect, before it connects. Hostnames are resolved
 * here (by the transport, once), every resolved address is checked, and the request
 * is then pinned to the checked address, so a second DNS answer (rebinding) can
 * never change where the socket goes.
 */
import { isIP } from "node:net";
import { NodeError } from "../../errors";
import { isBlockedAddress } from "./ip-ranges";
import { normalizeHost } from "./options";
import { isThisMachine, portOf, refuseOwnServer } from "./own-server";
import type { HttpTransport, ResolvedAddress } from "./transport";

/** How to connect to a URL that passed the guard. */
export interface GuardedTarget {
  /** The checked address the connection must go to; absent for IP literals and allow-listed hosts. */
  pinned?: ResolvedAddress;
}

function refuse(host: string, address: string): NodeError {
  const detail = host === address ? address : `${host} (${address})`;
  return new NodeError(
    "tool_error",
    `http_request refused: ${detail} is a private, loopback or link-local address; add the host to SWITCHYARD_ALLOWED_HOSTS to allow it`,
    { retryable: false },
  );
}

/**
 * Check `url`'s host against the SSRF rules and say how to connect to it. Throws a
 * non-retryable NodeError when the target is refused; nothing has connected then.
 * `ownPorts`: the ports this server listens on, refused on this machine's addresses even
 * for an allow-listed host, unless the allow-list names exactly that `host:port`.
 */
export async function guardTarget(
  url: URL,
  allowedHosts: Set<string>,
  signal: AbortSignal,
  ownPorts: ReadonlySet<number>,
  resolve: HttpTransport["resolve"],
): Promise<GuardedTarget> {
  const host = normalizeHost(url.hostname);
  const port = portOf(url);
  if (allowedHosts.has(`${host}:${port}`)) return {};
  const family = isIP(host);
  const checkOwn = ownPorts.has(port);
  const listed = allowedHosts.has(host);
  if (listed && !checkOwn) return {};
  // Resolved once: the addresses checked are the ones the connection is pinned to.
  const addresses = family !== 0 ? [{ address: host, family }] : await resolve(host, signal);
  if (addresses.length === 0) throw new NodeError("tool_error", `http_request could not resolve ${host}`, { retryable: true });
  if (checkOwn && addresses.some((a) => isThisMachine(a.address))) throw refuseOwnServer(host, port);
  if (!listed) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw refuse(host, blocked.address);
  }
  return family !== 0 ? {} : { pinned: addresses[0] };
}
