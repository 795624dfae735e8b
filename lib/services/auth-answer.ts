import "server-only";
/** better-auth's answers in the API's own shapes (its Set-Cookie headers kept). */
import { ApiError, type ApiErrorCode } from "@/lib/http";

/** A JSON answer of ours carrying the cookies better-auth set (or cleared) in `from`. */
export function authAnswer(from: Response, json: unknown, status = 200): Response {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  for (const cookie of from.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify(json), { status, headers });
}

const STATUS_CODES: Record<number, ApiErrorCode> = { 400: "invalid_body", 401: "unauthenticated", 403: "forbidden", 404: "not_found", 429: "rate_limited" };

/** better-auth's `{code, message}` error as an ApiError (its message kept). */
export async function authError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { message?: unknown };
  const message = typeof body.message === "string" && body.message ? body.message : undefined;
  return new ApiError(STATUS_CODES[res.status] ?? "internal", message);
}

/** A request to better-auth's endpoint `path` with the caller's headers (cookies, origin) and this JSON body. */
export function authRequest(request: Request, path: string, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(new URL(path, request.url), { method: "POST", headers, body: JSON.stringify(body) });
}
