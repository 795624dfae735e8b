/**
 * The real network: Node's resolver and a fresh `http`/`https` connection per hop (no
 * shared agent: a pooled socket opened by other code could point somewhere the guard never
 * checked), pinned to the checked address through a custom `lookup`.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { NodeError, errorMessage } from "../../errors";
import { normalizeHost } from "./options";
import { readBody } from "./read-body";
import type { HttpExchange, HttpTransport, ResolvedAddress } from "./transport";

async function resolve(host: string, signal: AbortSignal): Promise<ResolvedAddress[]> {
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

function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export const nodeHttpTransport: HttpTransport = {
  resolve,
  send(hop, pinned, signal) {
    return new Promise<HttpExchange>((done, reject) => {
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
          lookup: pinned ? pinnedLookup(pinned) : undefined,
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
        done({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          headers: res.headers,
          readBody: (maxBytes, bodySignal) => readBody(res, maxBytes, bodySignal),
          discard: () => res.destroy(),
        });
      });
      req.on("error", (err: NodeJS.ErrnoException) => {
        signal.removeEventListener("abort", onAbort);
        if (signal.aborted) return reject(signal.reason);
        const code = err.code ? `${err.code}: ` : "";
        reject(new NodeError("tool_error", `http_request to ${url.host} failed: ${code}${err.message}`, { retryable: true, cause: err }));
      });
      req.end(hop.body);
    });
  },
};
