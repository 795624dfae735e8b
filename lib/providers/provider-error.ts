/**
 * Provider failures as NodeErrors (SPEC §7): refusals (400/401/403/404 and other 4xx)
 * fail at once; rate limits and server errors (408, 409, 429, 5xx) are retried at least
 * twice by the engine, after the `Retry-After` the provider asked for (capped at 60 s).
 * Every attempt is the engine's: the AI SDK's own retries are off.
 */
import { APICallError, LoadAPIKeyError, RetryError } from "ai";
import { NodeError, errorMessage } from "@/engine/errors";
import { retryAfterMs } from "@/engine/tools/http/response";

/** The longest wait a provider may ask for; the engine caps it again. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** Retries a rate limit or server error gets even when the node sets fewer. */
export const PROVIDER_MIN_RETRIES = 2;

const RETRYABLE_STATUS = new Set([408, 409, 429]);

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Milliseconds from `Retry-After` (seconds or HTTP date) or `retry-after-ms`, capped. */
export function retryDelayFrom(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  const ms = Number(headerValue(headers, "retry-after-ms"));
  const wait = Number.isFinite(ms) && ms >= 0 ? ms : retryAfterMs(headerValue(headers, "retry-after"), now);
  return wait === undefined ? undefined : Math.min(wait, MAX_RETRY_AFTER_MS);
}

function short(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The NodeError for anything a provider call threw; `model` is the node's full model name. */
export function toProviderError(err: unknown, model: string): NodeError {
  if (err instanceof NodeError) return err;
  if (RetryError.isInstance(err)) return toProviderError(err.lastError, model);
  if (LoadAPIKeyError.isInstance(err)) {
    return new NodeError("model_error", `${model}: no API key configured (${short(err.message)})`, { retryable: false });
  }
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const detail = short(err.message || err.responseBody || "");
    if (status !== undefined && (RETRYABLE_STATUS.has(status) || status >= 500)) {
      return new NodeError("model_error", `${model}: provider answered HTTP ${status}: ${detail}`, {
        retryable: true,
        minRetries: PROVIDER_MIN_RETRIES,
        retryAfterMs: retryDelayFrom(err.responseHeaders),
      });
    }
    if (status !== undefined) {
      return new NodeError("model_error", `${model}: provider refused the request (HTTP ${status}): ${detail}`, { retryable: false });
    }
    return new NodeError("model_error", `${model}: request failed: ${detail}`, { retryable: true, minRetries: PROVIDER_MIN_RETRIES });
  }
  return new NodeError("model_error", `${model}: ${short(errorMessage(err))}`, { retryable: true });
}
