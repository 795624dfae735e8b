/**
 * Calls to a webhook the way a sender does, signed by hand from docs/api.md's recipe (not
 * with the server's own code): HMAC-SHA256 of `<timestamp>.<raw body>` with the secret.
 */
import { createHmac } from "node:crypto";
import { checkAnswer } from "./contract";
import type { JsonResponse } from "./http";

export type HookAuth =
  | { kind: "signature"; secret: string; timestamp?: number }
  | { kind: "secret"; secret: string }
  | { kind: "none" };

/** The signature headers for `body` (`timestamp` in unix seconds, default now). */
export function signatureHeaders(secret: string, body: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
  return { "x-switchyard-timestamp": String(timestamp), "x-switchyard-signature": `sha256=${mac}` };
}

function authHeaders(auth: HookAuth, body: string): Record<string, string> {
  if (auth.kind === "signature") return signatureHeaders(auth.secret, body, auth.timestamp);
  if (auth.kind === "secret") return { "x-switchyard-hook-secret": auth.secret };
  return {};
}

/** POSTs `body` (an object is JSON-encoded, a string sent verbatim) to `/api/hooks/<id><query>`, anonymous but for `auth`. */
export async function callHook<T = Record<string, unknown>>(
  baseUrl: string,
  hookId: string,
  body: unknown,
  auth: HookAuth,
  { query = "", headers = {} }: { query?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const res = await fetch(`${baseUrl}/api/hooks/${hookId}${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...authHeaders(auth, text), ...headers },
    body: text,
  });
  const raw = await res.text();
  const parsed: unknown = raw ? JSON.parse(raw) : null;
  checkAnswer("POST", `/api/hooks/${hookId}${query}`, res.status, parsed);
  return { status: res.status, body: parsed as T, headers: res.headers };
}
