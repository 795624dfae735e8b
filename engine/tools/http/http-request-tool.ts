/**
 * The `http_request` tool (SPEC §12): one HTTP call with manual redirects, a size
 * cap, a timeout, the run's idempotency key, and the SSRF guard on every hop.
 */
import type { IncomingMessage } from "node:http";
import { NodeError } from "../../errors";
import { defineTool, z } from "../define-tool";
import type { ToolDefinition } from "../types";
import { createDeadline } from "./deadline";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, MAX_REDIRECTS, allowedHostsFrom, ownPortsFrom, type HttpToolOptions } from "./options";
import { readBody } from "./read-body";
import { redirectHop } from "./redirects";
import { encodeBody, hasHeader } from "./request-body";
import { decodeBody, flattenHeaders, statusError } from "./response";
import { sendOnce, type Hop } from "./send-once";
import { guardTarget } from "./ssrf-guard";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;

export const httpRequestParams = z.object({
  method: z
    .preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(HTTP_METHODS))
    .describe("HTTP method"),
  url: z.string().min(1).describe("http:// or https:// URL"),
  headers: z.record(z.string(), z.string()).optional().describe("Request headers"),
  body: z.unknown().optional().describe("Request body: a string is sent as is, anything else as JSON"),
  timeout_ms: z.coerce.number().int().min(1).max(300_000).optional().describe("Timeout for the whole call, redirects included"),
  allow_error_status: z.boolean().optional().describe("Return non-2xx responses instead of failing the node"),
});

export type HttpRequestParams = z.infer<typeof httpRequestParams>;

export interface HttpResponseResult {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the response says it is JSON, else text. */
  body: unknown;
}

function parseHttpUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = typeof raw === "string" ? new URL(raw) : raw;
  } catch {
    throw new NodeError("tool_error", `http_request: invalid URL: ${String(raw).slice(0, 200)}`, { retryable: false });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new NodeError("tool_error", `http_request: only http and https URLs are allowed, not ${url.protocol}`, { retryable: false });
  }
  return url;
}

async function exchange(first: Hop, allowed: Set<string>, ownPorts: Set<number>, signal: AbortSignal, maxBytes: number): Promise<{ res: IncomingMessage; bytes: Buffer }> {
  let hop = first;
  for (let redirects = 0; ; redirects++) {
    const target = await guardTarget(hop.url, allowed, signal, ownPorts);
    const res = await sendOnce(hop, target, signal);
    const next = redirectHop(hop, res.statusCode ?? 0, res.headers.location);
    if (!next) return { res, bytes: await readBody(res, maxBytes, signal) };
    res.destroy();
    if (redirects >= MAX_REDIRECTS) {
      throw new NodeError("tool_error", `http_request: more than ${MAX_REDIRECTS} redirects`, { retryable: false });
    }
    hop = { ...next, url: parseHttpUrl(next.url) };
  }
}

/** Build the `http_request` tool; `options` fix the allow-list and limits (tests, embedding). */
export function httpRequestTool(options: HttpToolOptions = {}): ToolDefinition<HttpRequestParams, HttpResponseResult> {
  return defineTool({
    name: "http_request",
    description: "Call an HTTP endpoint. Private, loopback and link-local addresses are refused unless allow-listed.",
    params: httpRequestParams,
    async run(params, ctx) {
      const url = parseHttpUrl(params.url);
      const userHeaders = params.headers ?? {};
      const headers = hasHeader(userHeaders, "idempotency-key") ? userHeaders : { ...userHeaders, "Idempotency-Key": ctx.idempotency_key };
      const encoded = encodeBody(params.body, headers);
      const deadline = createDeadline(ctx.signal, params.timeout_ms ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
      try {
        const hop: Hop = { method: params.method, url, headers: encoded.headers, body: encoded.body };
        const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
        const { res, bytes } = await exchange(hop, allowedHostsFrom(options), ownPortsFrom(options), deadline.signal, maxBytes);
        const status = res.statusCode ?? 0;
        const responseHeaders = flattenHeaders(res.headers);
        const body = decodeBody(bytes, responseHeaders["content-type"] ?? "");
        if ((status < 200 || status > 299) && !params.allow_error_status) {
          throw statusError(status, res.statusMessage ?? "", body, responseHeaders);
        }
        return { status, headers: responseHeaders, body };
      } finally {
        deadline.dispose();
      }
    },
  });
}
