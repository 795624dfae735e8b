/**
 * Where a request came from, as scripts/serve.mjs saw the connection (`x-switchyard-peer`,
 * and the `X-Forwarded-For` it arrived with as `x-switchyard-forwarded-for`): both are set
 * there for every request, overwriting anything a client sent. A server not started through
 * serve.mjs gives no peer, and nothing counts as this machine's.
 */

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK.test(address.trim());
}

function forwardedChain(request: Request): string[] {
  const raw = request.headers.get("x-switchyard-forwarded-for");
  return raw === null ? [] : raw.split(",").map((s) => s.trim()).filter(Boolean);
}

/**
 * Whether the request comes from this machine: the connection is from a loopback address
 * and it passed no proxy, or only proxies that forwarded it from loopback too. A reverse
 * proxy on this machine serving the network forwards its clients' addresses, so their
 * requests are not this machine's.
 */
export function isFromThisMachine(request: Request): boolean {
  const peer = request.headers.get("x-switchyard-peer");
  if (peer === null || !isLoopbackAddress(peer)) return false;
  return forwardedChain(request).every(isLoopbackAddress);
}

/**
 * The client's address for rate limits: the connection's peer; behind a proxy on this
 * machine, the address that proxy says it forwarded for (the last entry it appended).
 */
export function clientAddress(request: Request): string {
  const peer = request.headers.get("x-switchyard-peer") ?? "unknown";
  const chain = forwardedChain(request);
  return isLoopbackAddress(peer) && chain.length > 0 ? chain[chain.length - 1] : peer;
}
