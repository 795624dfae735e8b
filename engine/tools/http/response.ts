/**
 * Turns a raw HTTP response into the tool's result `{status, headers, body}` and a
 * non-2xx status into the NodeError that fails the node.
 */
import { NodeError } from "../../errors";

/** Response headers as one string per (lower-case) name; repeated headers are joined with ", ". */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function decodeText(bytes: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** True for `application/json` and `+json` types such as `application/problem+json`. */
export function isJsonType(contentType: string): boolean {
  return /^[\w.+-]+\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType.trim());
}

/**
 * The body as the tool returns it: parsed when the server says it is JSON, text
 * otherwise. A JSON type with a body that does not parse comes back as text rather
 * than losing what the server sent.
 */
export function decodeBody(bytes: Buffer, contentType: string): unknown {
  const text = decodeText(bytes, contentType);
  if (!isJsonType(contentType) || text.trim() === "") return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date). */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failure for a non-2xx status: retryable for 429 and 5xx, where waiting can help. */
export function statusError(status: number, statusText: string, body: unknown, headers: Record<string, string>): NodeError {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  const message = `http_request failed: HTTP ${status}${statusText ? ` ${statusText}` : ""}${excerpt ? `: ${excerpt}` : ""}`;
  const retryable = status === 429 || status >= 500;
  return new NodeError("tool_error", message, {
    retryable,
    retryAfterMs: retryable ? retryAfterMs(headers["retry-after"]) : undefined,
  });
}
