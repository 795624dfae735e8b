/**
 * The network as the `http_request` tool sees it: name resolution and one exchange on a
 * fresh connection. The tool decides everything else (the SSRF rules, redirects, limits,
 * deadlines); the transport only does the I/O, so a test can give the tool a network of its
 * own (./node-transport.ts is the real one).
 */

/** One address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** One hop of a request: redirects produce new hops. */
export interface Hop {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A response whose headers have arrived; its body is read (capped) or dropped. */
export interface HttpExchange {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  /** The whole body, refusing more than `maxBytes`; aborting `signal` drops the connection. */
  readBody(maxBytes: number, signal: AbortSignal): Promise<Buffer>;
  /** Drop the connection without reading the body (a redirect). */
  discard(): void;
}

export interface HttpTransport {
  /** Every address `host` resolves to (A and AAAA), once. Throws a NodeError when it cannot. */
  resolve(host: string, signal: AbortSignal): Promise<ResolvedAddress[]>;
  /**
   * Send `hop` on a new connection — to `pinned` when given (the address the guard checked,
   * so a second DNS answer cannot move the socket), else to the URL's host — and resolve at
   * the response headers. Aborting `signal` rejects with its reason.
   */
  send(hop: Hop, pinned: ResolvedAddress | undefined, signal: AbortSignal): Promise<HttpExchange>;
}
