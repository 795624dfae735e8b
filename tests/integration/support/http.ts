/** Small HTTP helpers for integration tests: JSON in, status + parsed JSON out. */
import http from "node:http";
import { checkAnswer } from "./contract";
import { adminAuth } from "./server";

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Whose request it is: headers to send (default: the test admin's bootstrap token; `{}` for anonymous). */
export type AuthHeaders = Record<string, string>;

/** Sends `body` (an object is JSON-encoded, a string is sent verbatim) and parses the JSON answer. */
export async function request<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, body?: unknown, auth: AuthHeaders = adminAuth()): Promise<JsonResponse<T>> {
  const init: RequestInit = { method, headers: { ...auth } };
  if (body !== undefined) {
    init.body = typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
    init.headers = { ...auth, "content-type": "application/json" };
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
  checkAnswer(method, path, res.status, parsed);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A client bound to one server, acting as `auth` (default: the test admin). */
export function client(baseUrl: string, auth: AuthHeaders = adminAuth()) {
  return {
    get: <T = Record<string, unknown>>(path: string) => request<T>(baseUrl, "GET", path, undefined, auth),
    post: <T = Record<string, unknown>>(path: string, body?: unknown) => request<T>(baseUrl, "POST", path, body, auth),
    put: <T = Record<string, unknown>>(path: string, body?: unknown) => request<T>(baseUrl, "PUT", path, body, auth),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown) => request<T>(baseUrl, "PATCH", path, body, auth),
    del: <T = Record<string, unknown>>(path: string) => request<T>(baseUrl, "DELETE", path, undefined, auth),
  };
}

/**
 * Uploads `chunks` the way a careful HTTP client does against a server that may answer
 * before the body is done (413): one chunk at a time, stopping as soon as the response
 * arrives, pausing between chunks so an early answer is read before the next write. The
 * server then closes the connection; errors from that close after the response are
 * expected. (fetch keeps writing and can fail with EPIPE before it reads the early
 * answer.) Without `contentLength` the body is sent chunked. `extraHeaders` go with the
 * test admin's (a webhook's signature headers).
 */
export async function uploadEarlyAnswered(
  baseUrl: string,
  method: string,
  path: string,
  chunks: Iterable<string | Uint8Array>,
  contentLength?: number,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  // On a busy machine a write can still cross the server's close before the answer is read:
  // the socket fails (EPIPE, ECONNRESET) and takes the unread answer with it. The upload is
  // then made again — the server refused it, so it changed nothing — up to three times.
  const parts = [...chunks];
  for (let attempt = 1; ; attempt++) {
    try {
      return await uploadOnce(baseUrl, method, path, parts, contentLength, extraHeaders);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw err;
    }
  }
}

function uploadOnce(
  baseUrl: string,
  method: string,
  path: string,
  chunks: readonly (string | Uint8Array)[],
  contentLength: number | undefined,
  extraHeaders: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { ...adminAuth(), "content-type": "application/json", ...extraHeaders };
    if (contentLength !== undefined) headers["content-length"] = contentLength;
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, headers, agent: false }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }));
      res.on("error", reject);
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const it = chunks[Symbol.iterator]();
    const next = () => {
      if (answered) return;
      const step = it.next();
      if (step.done) return void req.end();
      // After each write, give the server time to answer and the event loop time to read
      // it: a write after the server has closed fails (EPIPE) and takes the socket, and the
      // answer in it, down with it.
      req.write(step.value, () => setTimeout(next, 10));
    };
    next();
  });
}
