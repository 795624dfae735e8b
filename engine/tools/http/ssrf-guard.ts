/**
 * Decides where a request may connect, before it connects. Hostnames are resolved
 * here, every resolved address is checked, and the request is then pinned to the
 * checked address through a custom `lookup`, so a second DNS answer (rebinding)
 * can never change where the socket goes.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { NodeError } from "../../errors";
import { isBlockedAddress } from "./ip-ranges";
import { normalizeHost } from "./options";
import { isThisMachine, portOf, refuseOwnServer } from "./own-server";

/** How to connect to a URL that passed the guard. */
export interface GuardedTarget {
  /** Pins the connection to the checked address; absent for IP literals and allow-listed hosts. */
  lookup?: LookupFunction;
}

function refuse(host: string, address: string): NodeError {
  const detail = host === address ? address : `${host} (${address})`;
  return new NodeError(
    "tool_error",
    `http_request refused: ${detail} is a private, loopback or link-local address; add the host to SWITCHYARD_ALLOWED_HOSTS to allow it`,
    { retryable: false },
  );
}

async function resolveAll(host: string, signal: AbortSignal): Promise<Array<{ address: string; family: number }>> {
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([dnsLookup(host, { all: true, verbatim: true }), aborted]);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    const code = (err as NodeJS.ErrnoException).code ?? "";
    throw new NodeError("tool_error", `http_request could not resolve ${host}: ${code || String(err)}`, { retryable: true, cause: err });
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

function pinnedLookup(address: string, family: number): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Check `url`'s host against the SSRF rules and say how to connect to it. Throws a
 * non-retryable NodeError when the target is refused; nothing has connected then.
 * `ownPorts`: the ports this server listens on, refused on this machine's addresses even
 * for an allow-listed host, unless the allow-list names exactly that `host:port`.
 */
export async function guardTarget(url: URL, allowedHosts: Set<string>, signal: AbortSignal, ownPorts: ReadonlySet<number> = new Set()): Promise<GuardedTarget> {
  const host = normalizeHost(url.hostname);
  const port = portOf(url);
  if (allowedHosts.has(`${host}:${port}`)) return {};
  const family = isIP(host);
  const checkOwn = ownPorts.has(port);
  const listed = allowedHosts.has(host);
  if (listed && !checkOwn) return {};
  // Resolved once: the addresses checked are the ones the connection is pinned to.
  const addresses = family !== 0 ? [{ address: host, family }] : await resolveAll(host, signal);
  if (addresses.length === 0) throw new NodeError("tool_error", `http_request could not resolve ${host}`, { retryable: true });
  if (checkOwn && addresses.some((a) => isThisMachine(a.address))) throw refuseOwnServer(host, port);
  if (!listed) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw refuse(host, blocked.address);
  }
  return family !== 0 ? {} : { lookup: pinnedLookup(addresses[0].address, addresses[0].family) };
}
