/** People and keys on a test server: made as the test admin, signed in for real. */
import { expect } from "vitest";
import { client, request, type AuthHeaders } from "./http";

export interface Person {
  id: string;
  email: string;
  password: string;
  /** The signed-in session's cookie header. */
  auth: AuthHeaders;
}

/** The session cookie of a sign-in answer, as a `cookie` request header. */
export function sessionCookie(headers: Headers): AuthHeaders {
  const cookie = headers.getSetCookie().find((c) => c.includes("switchyard.session_token="));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(headers.getSetCookie())}`);
  return { cookie: cookie.split(";")[0] };
}

/** Signs in; the answer and, on success, the session's cookie header. */
export async function signIn(baseUrl: string, email: string, password: string, extra: AuthHeaders = {}) {
  const res = await request<{ user?: { id: string }; error?: { code: string; message: string; details?: { retry_after_s?: number } } }>(baseUrl, "POST", "/api/auth/sign-in/email", { email, password }, extra);
  return { ...res, auth: res.status === 200 ? sessionCookie(res.headers) : undefined };
}

let counter = 0;

/** Adds a person with `role` (as the test admin) and signs them in. */
export async function person(baseUrl: string, role: string, name = `${role} ${++counter}`): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const password = `pw-${name}-0123456789`;
  const created = await client(baseUrl).post<{ id: string }>("/api/users", { email, name, role, password });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const signedIn = await signIn(baseUrl, email, password);
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return { id: created.body.id, email, password, auth: signedIn.auth! };
}

/** Makes an API key (as `by`, default the test admin); its Authorization header and id. */
export async function apiKey(baseUrl: string, role: string, body: Record<string, unknown> = {}, by?: AuthHeaders): Promise<{ id: string; auth: AuthHeaders }> {
  const res = await client(baseUrl, by).post<{ id: string; key: string }>("/api/api-keys", { name: `${role} key`, role, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, auth: { authorization: `Bearer ${res.body.key}` } };
}
