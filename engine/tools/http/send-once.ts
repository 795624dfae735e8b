/**
 * One HTTP exchange on a fresh connection (no shared agent: a pooled socket opened
 * by other code could point somewhere the guard never checked). Resolves when the
 * response headers arrive; the body is read separately with a size cap.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { NodeError, errorMessage } from "../../errors";
import type { GuardedTarget } from "./ssrf-guard";
import { normalizeHost } from "./options";

/** One hop of a request: redirects produce new hops. */
export interface Hop {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Send `hop` to the connection target the guard approved. */
export function sendOnce(hop: Hop, target: GuardedTarget, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const { url } = hop;
    const transport = url.protocol === "https:" ? https : http;
    const hostname = normalizeHost(url.hostname);
    let req: http.ClientRequest;
    try {
      req = transport.request({
        method: hop.method,
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
        headers: { ...hop.headers, ...(hop.body ? { "content-length": String(hop.body.length) } : {}) },
        agent: false,
        lookup: target.lookup,
        servername: isIP(hostname) ? undefined : hostname,
      });
    } catch (err) {
      return reject(new NodeError("tool_error", `http_request is invalid: ${errorMessage(err)}`, { retryable: false, cause: err }));
    }
    const onAbort = () => {
      req.destroy();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("response", (res) => {
      signal.removeEventListener("abort", onAbort);
      resolve(res);
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) return reject(signal.reason);
      const code = err.code ? `${err.code}: ` : "";
      reject(new NodeError("tool_error", `http_request to ${url.host} failed: ${code}${err.message}`, { retryable: true, cause: err }));
    });
    req.end(hop.body);
  });
}
