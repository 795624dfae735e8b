import type { EngineErrorCode } from "@/engine/errors";
import { ApiError } from "@/lib/api";

/**
 * An engine misuse error, recognised by shape rather than `instanceof`: the runtime may be
 * created by another server bundle (the instrumentation hook), whose `EngineError` class is
 * a different object than the one this bundle imports.
 */
export function engineErrorCode(err: unknown): EngineErrorCode | null {
  if (!(err instanceof Error) || err.name !== "EngineError") return null;
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === "string" ? (code as EngineErrorCode) : null;
}

/** Runs an engine call and turns its misuse errors into API errors (404, 409, and 403 when a gate refuses the actor). */
export async function engineCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const code = engineErrorCode(err);
    const message = (err as Error).message;
    if (code === "not_found") throw new ApiError("not_found", message);
    if (code === "bad_state") throw new ApiError("bad_state", message);
    if (code === "forbidden") throw new ApiError("forbidden", message);
    throw err;
  }
}
