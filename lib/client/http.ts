import { loadAppAt } from "./full-load";

/**
 * One fetch wrapper for the browser: JSON in, JSON out, and the API's error envelope
 * (`{error:{code,message,details?}}`) turned into a typed {@link ApiError}.
 */

/** A failed API call, carrying the HTTP status and the envelope's code and details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type ErrorEnvelope = { error?: { code?: string; message?: string; details?: unknown } };

/** Sends a request and parses the JSON answer; throws {@link ApiError} on any non-2xx. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    cache: "no-store",
  });
  const text = await res.text();
  const json: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const env = (json ?? {}) as ErrorEnvelope;
    if (res.status === 401 && !path.startsWith("/api/auth/") && !path.startsWith("/api/setup")) toSignIn();
    throw new ApiError(res.status, env.error?.code ?? `http_${res.status}`, env.error?.message ?? res.statusText, env.error?.details);
  }
  return json as T;
}

/** A session that ended (expired, signed out elsewhere, the account disabled): sign in again, then come back. */
function toSignIn(): void {
  if (typeof window === "undefined" || window.location.pathname === "/sign-in") return;
  loadAppAt(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { error: { code: "bad_response", message: text.slice(0, 200) } };
  }
}
