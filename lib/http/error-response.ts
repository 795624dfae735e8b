import { engineErrorCode, type EngineErrorCode } from "@/engine/errors";
import { storageCondition, type StorageCondition } from "@/lib/db/storage-condition";
import { API_ERRORS, ApiError, type ApiErrorCode } from "./errors";
import { authorize } from "./authorize";
import { guardRequest } from "./request-guard";

/** Engine misuse errors that reach a route map onto API codes; anything else is internal. */
const ENGINE_TO_API: Partial<Record<EngineErrorCode, ApiErrorCode>> = {
  not_found: "not_found",
  bad_state: "bad_state",
  snapshot_too_new: "snapshot_too_new",
  lease_lost: "bad_state",
  invalid_graph: "invalid_graph",
  forbidden: "forbidden",
};

/** Storage failures the client is told about (which condition to fix or wait out) instead of a bare 500. */
const STORAGE_ERRORS: Partial<Record<StorageCondition, ApiErrorCode>> = {
  full: "storage_full",
  busy: "storage_busy",
  read_only: "storage_read_only",
};

function storageError(err: unknown): ApiErrorCode | null {
  const condition = storageCondition(err);
  return (condition && STORAGE_ERRORS[condition]) ?? null;
}

/** The JSON error body every route returns: `{error:{code,message,details?}}`. */
export function errorBody(code: ApiErrorCode, message: string, details?: Record<string, unknown>) {
  return { error: details ? { code, message, details } : { code, message } };
}

/**
 * An error as the API answers it: status, body and headers. Plain data, so an error thrown
 * on the engine host thread crosses to the request thread as this one value
 * (lib/runtime/host) and becomes a response there by {@link errorAnswerResponse}.
 */
export interface ErrorAnswer {
  status: number;
  body: ReturnType<typeof errorBody>;
  headers?: Record<string, string>;
}

/**
 * What the API answers for anything thrown — the one place an error becomes an answer. Typed
 * errors keep their code and message; unexpected ones are logged and answered with a
 * generic 500 so no internals leak.
 */
export function errorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof ApiError) {
    // An unread oversized body leaves the connection unusable: tell the client not to reuse it.
    const headers = err.code === "payload_too_large" ? { connection: "close" } : undefined;
    return { status: err.status, body: errorBody(err.code, err.message, err.details), ...(headers ? { headers } : {}) };
  }
  const engineCode = engineErrorCode(err);
  if (engineCode && ENGINE_TO_API[engineCode]) {
    const code = ENGINE_TO_API[engineCode] as ApiErrorCode;
    return { status: API_ERRORS[code].status, body: errorBody(code, (err as Error).message) };
  }
  const storage = storageError(err);
  if (storage) {
    console.error(`storage error in route handler: ${(err as Error).message} (${(err as { code: string }).code})`);
    const headers = storage === "storage_full" ? undefined : { "retry-after": "1" };
    return { status: API_ERRORS[storage].status, body: errorBody(storage, API_ERRORS[storage].message), ...(headers ? { headers } : {}) };
  }
  console.error("unexpected error in route handler", err);
  return { status: 500, body: errorBody("internal", API_ERRORS.internal.message) };
}

export const errorAnswerResponse = (answer: ErrorAnswer): Response => Response.json(answer.body, { status: answer.status, headers: answer.headers });

/** {@link errorAnswer} as a response. */
export const errorResponse = (err: unknown): Response => errorAnswerResponse(errorAnswer(err));

/**
 * `Cache-Control: no-store` on every API answer unless the route set its own: answers carry
 * workflows, runs and who did what, which no cache, shared or private, should keep.
 * (nosniff and the other common headers come from next.config.ts.)
 */
function withApiHeaders(res: Response): Response {
  try {
    if (!res.headers.has("cache-control")) res.headers.set("cache-control", "no-store");
  } catch {
    // A response whose headers are immutable (one passed through from fetch) keeps them.
  }
  return res;
}

/**
 * Wraps a route handler so every thrown error becomes an error response, after refusing
 * requests from other host names and cross-site writes (`request-guard.ts`) and requests
 * the caller may not make (`authorize.ts`, the policy table in `policy.ts`).
 */
export function withErrors<A extends unknown[]>(handler: (...args: A) => Promise<Response> | Response) {
  return async (...args: A): Promise<Response> => {
    try {
      if (args[0] instanceof Request) {
        guardRequest(args[0]);
        await authorize(args[0]);
      }
      return withApiHeaders(await handler(...args));
    } catch (err) {
      return withApiHeaders(errorResponse(err));
    }
  };
}
