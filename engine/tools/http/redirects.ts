/**
 * Redirects are followed by hand so that every hop goes through the SSRF guard
 * again. Method rules follow the fetch standard: 301/302/303 turn into a GET
 * without body (HEAD stays HEAD), 307/308 repeat the method and body.
 */
import { NodeError } from "../../errors";
import type { Hop } from "./transport";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry the request body's description. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];
/**
 * Headers that may follow a redirect to another origin. Everything else is dropped: any
 * header (not only `authorization`) may carry a credential, e.g. a resolved secret in
 * `x-api-key`, and must not reach an origin the workflow did not name.
 */
const CROSS_ORIGIN_SAFE_HEADERS = new Set(["accept", "accept-language", "user-agent", "idempotency-key", ...BODY_HEADERS]);

function without(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k.toLowerCase())));
}

/**
 * The next hop when `status` + `location` form a redirect, else undefined. Throws a
 * non-retryable NodeError when the Location header is not a URL.
 */
export function redirectHop(hop: Hop, status: number, location: string | undefined): Hop | undefined {
  if (!REDIRECT_STATUSES.has(status) || !location) return undefined;
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    throw new NodeError("tool_error", `http_request got a redirect to an invalid URL: ${location.slice(0, 200)}`, { retryable: false });
  }
  let { method, headers, body } = hop;
  if (status <= 303 && method !== "HEAD") {
    method = "GET";
    body = undefined;
    headers = without(headers, BODY_HEADERS);
  }
  if (url.origin !== hop.url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_SAFE_HEADERS.has(k.toLowerCase())));
  return { method, url, headers, body };
}
