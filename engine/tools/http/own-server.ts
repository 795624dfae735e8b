/**
 * This server's own listening address, as a target the `http_request` tool refuses: a
 * workflow could otherwise drive Switchyard's own API (approve another run's gate, delete
 * workflows) from inside a run. A target is this server when its port is the port the
 * server listens on and its address is this machine's (loopback, unspecified, or one of its
 * interfaces' addresses) — whatever the allow-list says, unless it lists exactly that
 * `host:port` (an admin allowing precisely this).
 */
import { networkInterfaces } from "node:os";
import { NodeError } from "../../errors";

/** The port of `url` (its default when it names none). */
export function portOf(url: URL): number {
  return Number(url.port || (url.protocol === "https:" ? 443 : 80));
}

let cachedAddresses: { at: number; set: Set<string> } | undefined;

/** This machine's interface addresses (re-read at most every 10 s: interfaces come and go). */
function interfaceAddresses(): Set<string> {
  const now = Date.now();
  if (!cachedAddresses || now - cachedAddresses.at > 10_000) {
    const set = new Set<string>();
    for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) set.add(i.address.toLowerCase());
    cachedAddresses = { at: now, set };
  }
  return cachedAddresses.set;
}

/** Whether `address` (an IP) is this machine's. */
export function isThisMachine(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  if (/^127\./.test(a) || a === "::1" || a === "0.0.0.0" || a === "::") return true;
  return interfaceAddresses().has(a);
}

export function refuseOwnServer(host: string, port: number): NodeError {
  return new NodeError(
    "tool_error",
    `http_request refused: ${host}:${port} is this Switchyard server itself (a workflow may not drive its own API); list exactly "${host}:${port}" in SWITCHYARD_ALLOWED_HOSTS to allow it`,
    { retryable: false },
  );
}
