/**
 * The `http_request` tool (SPEC §12): one HTTP call with manual redirects, a size
 * cap, a timeout, the run's idempotency key, and the SSRF guard on every hop.
 */
import { NodeError } from "../../errors";
import { defineTool, z } from "../define-tool";
import type { ToolDefinition } from "../types";
import { createDeadline } from "./deadline";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, MAX_REDIRECTS, allowedHostsFrom, ownPortsFrom, type HttpToolOptions } from "./options";
import { redirectHop } from "./redirects";
import { encodeBody, hasHeader } from "./request-body";
import { decodeBody, flattenHeaders, statusError } from "./response";
import { nodeHttpTransport } from "./node-transport";
import { guardTarget } from "./ssrf-guard";
import type { HttpExchange, HttpTransport, Hop } from "./transport";

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

interface Rules {
  allowed: Set<string>;
  ownPorts: Set<number>;
  maxBytes: number;
  transport: HttpTransport;
}

async function exchange(first: Hop, rules: Rules, signal: AbortSignal): Promise<{ res: HttpExchange; bytes: Buffer }> {
  let hop = first;
  for (let redirects = 0; ; redirects++) {
    const target = await guardTarget(hop.url, rules.allowed, signal, rules.ownPorts, rules.transport.resolve);
    const res = await rules.transport.send(hop, target.pinned, signal);
    const location = res.headers.location;
    const next = redirectHop(hop, res.status, Array.isArray(location) ? location[0] : location);
    if (!next) return { res, bytes: await res.readBody(rules.maxBytes, signal) };
    res.discard();
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
      const deadline = createDeadline(ctx.signal, params.timeout_ms ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS, ctx.clock);
      try {
        const hop: Hop = { method: params.method, url, headers: encoded.headers, body: encoded.body };
        const rules: Rules = {
          allowed: allowedHostsFrom(options),
          ownPorts: ownPortsFrom(options),
          maxBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
          transport: options.transport ?? nodeHttpTransport,
        };
        const { res, bytes } = await exchange(hop, rules, deadline.signal);
        const status = res.status;
        const responseHeaders = flattenHeaders(res.headers);
        const body = decodeBody(bytes, responseHeaders["content-type"] ?? "");
        if ((status < 200 || status > 299) && !params.allow_error_status) {
          throw statusError(status, res.statusText, body, responseHeaders);
        }
        return { status, headers: responseHeaders, body };
      } finally {
        deadline.dispose();
      }
    },
  });
}
