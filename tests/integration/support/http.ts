/** Small fetch helpers for integration tests: JSON in, status + parsed JSON out. */

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Sends `body` (an object is JSON-encoded, a string is sent verbatim) and parses the JSON answer. */
export async function request<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, body?: unknown): Promise<JsonResponse<T>> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  const res = await fetch(`${baseUrl}${path}`, init);
  const text = await res.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A client bound to one server. */
export function client(baseUrl: string) {
  return {
    get: <T = Record<string, unknown>>(path: string) => request<T>(baseUrl, "GET", path),
    post: <T = Record<string, unknown>>(path: string, body?: unknown) => request<T>(baseUrl, "POST", path, body),
    put: <T = Record<string, unknown>>(path: string, body?: unknown) => request<T>(baseUrl, "PUT", path, body),
    del: <T = Record<string, unknown>>(path: string) => request<T>(baseUrl, "DELETE", path),
  };
}
