/**
 * Accounts against the built server: first-run owner setup, the bootstrap token, sign-in and
 * its rate limit, sign-out, sessions that expire, and disabling a person mid-session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKey, person, sessionCookie, signIn } from "./support/accounts";
import { snapshotAll, withDb } from "./support/db";
import { client, request } from "./support/http";
import { startServer, TEST_ADMIN_TOKEN, type TestServer } from "./support/server";

type Audit = { items: { action: string; actor_id: string; actor_type: string; actor_name: string; details: Record<string, unknown> }[] };

describe("first run", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  const owner = { email: "Owner@Example.com", name: "Olive Owner", password: "correct horse battery" };

  it("asks for the owner account, from this machine only, once; the API refuses anonymous callers meanwhile", async () => {
    const anonymous = {};
    expect((await request(server.baseUrl, "GET", "/api/setup", undefined, anonymous)).body).toEqual({ needed: true, allowed: true });
    for (const path of ["/api/workflows", "/api/runs", "/api/audit", "/api/openapi", "/api/me"]) {
      const res = await request<{ error: { code: string } }>(server.baseUrl, "GET", path, undefined, anonymous);
      expect([res.status, res.body.error.code], path).toEqual([401, "unauthenticated"]);
    }
    expect((await request(server.baseUrl, "GET", "/api/health", undefined, anonymous)).status).toBe(200);

    // Through a proxy on this machine (it forwards the client's address), setup is not this machine's.
    const before = await snapshotAll(server);
    const proxied = await request<{ error: { code: string; message: string } }>(server.baseUrl, "POST", "/api/setup", owner, { "x-forwarded-for": "203.0.113.9" });
    expect([proxied.status, proxied.body.error.code]).toEqual([403, "forbidden"]);
    expect(proxied.body.error.message).toMatch(/only from this machine .* or with the bootstrap token/);
    expect((await request(server.baseUrl, "GET", "/api/setup", undefined, { "x-forwarded-for": "203.0.113.9" })).body).toEqual({ needed: true, allowed: false });
    expect(await snapshotAll(server)).toEqual(before);
    // A weak password is refused with its path.
    const weak = await request<{ error: { code: string; details: { issues: { path: string }[] } } }>(server.baseUrl, "POST", "/api/setup", { ...owner, password: "short" }, anonymous);
    expect([weak.status, weak.body.error.details.issues[0].path]).toEqual([400, "password"]);

    const created = await request<{ user: { email: string; role: string } }>(server.baseUrl, "POST", "/api/setup", owner, anonymous);
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: "owner@example.com", role: "admin" });
    const cookie = created.headers.getSetCookie().find((c) => c.startsWith("switchyard.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http: a Secure cookie would never come back
    expect(JSON.stringify(created.body)).not.toContain(cookie.split("=")[1].split(".")[0]); // the token is not in the JSON
    const me = await client(server.baseUrl, sessionCookie(created.headers)).get<{ name: string; role: string; permissions: string[] }>("/api/me");
    expect(me.body).toMatchObject({ name: "Olive Owner", role: "admin", permissions: ["read", "edit", "run", "decide", "admin"] });

    const again = await request<{ error: { code: string } }>(server.baseUrl, "POST", "/api/setup", { ...owner, email: "second@example.com" }, anonymous);
    expect([again.status, again.body.error.code]).toEqual([409, "already_set_up"]);
    expect(await withDb(server, (db) => db.value("SELECT count(*) FROM users"))).toBe(1);
    const audit = await client(server.baseUrl).get<Audit>("/api/audit?action=auth.setup");
    expect(audit.body.items).toEqual([expect.objectContaining({ actor_type: "user", actor_name: "Olive Owner", details: { email: "owner@example.com", role: "admin" } })]);
  });

  it("serves https clients a Secure cookie (behind a TLS proxy)", async () => {
    const res = await request(server.baseUrl, "POST", "/api/auth/sign-in/email", { email: owner.email, password: owner.password }, { "x-forwarded-proto": "https" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.includes("session_token="))).toMatch(/^__Secure-switchyard\.session_token=.*Secure/i);
  });
});

describe("the bootstrap token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  it("is an admin API key that can make the owner account from anywhere; a wrong token is refused", async () => {
    const remote = { "x-forwarded-for": "203.0.113.9" };
    const withToken = { ...remote, authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    expect((await request(server.baseUrl, "GET", "/api/setup", undefined, withToken)).body).toEqual({ needed: true, allowed: true });
    const made = await request(server.baseUrl, "POST", "/api/setup", { email: "root@example.com", name: "Root", password: "a long enough password" }, withToken);
    expect(made.status).toBe(201);
    expect((await client(server.baseUrl).get<{ type: string; role: string; name: string }>("/api/me")).body).toMatchObject({ type: "api_key", role: "admin", name: "Bootstrap token" });
    const wrong = await request<{ error: { code: string } }>(server.baseUrl, "GET", "/api/users", undefined, { authorization: `Bearer ${TEST_ADMIN_TOKEN}x` });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, "unauthenticated"]);
    const malformed = await request<{ error: { message: string } }>(server.baseUrl, "GET", "/api/users", undefined, { authorization: "Basic abc" });
    expect([malformed.status, malformed.body.error.message]).toEqual([401, "the Authorization header must be `Bearer <API key>`"]);
  });

  it("owns the keys made with it, and the keys made with those: their runs are stored as its", async () => {
    const made = await apiKey(server.baseUrl, "editor");
    const madeByMade = await apiKey(server.baseUrl, "editor", {}, made.auth);
    const graph = { nodes: [{ id: "p", type: "tool", config: { tool: "json_parse", params: { text: "{doc}" } } }], edges: [] };
    const workflow = await client(server.baseUrl).post<{ id: string }>("/api/workflows", { name: "Owned", graph });
    for (const key of [made, madeByMade]) {
      const run = await client(server.baseUrl, key.auth).post<{ id: string; status: string }>(`/api/workflows/${workflow.body.id}/runs?wait=10000`, { input: { doc: "{}" } });
      expect(run.body.status).toBe("completed");
      const stored = await withDb(server, (db) => db.get("SELECT created_by, created_by_owner FROM runs WHERE id = ?", [run.body.id]));
      expect(stored).toEqual({ created_by: key.id, created_by_owner: "bootstrap" });
    }
  });

  it("is no credential on a server started without it", async () => {
    const plain = await startServer({ env: { SWITCHYARD_BOOTSTRAP_TOKEN: "" } });
    try {
      const res = await request<{ error: { code: string } }>(plain.baseUrl, "GET", "/api/workflows");
      expect([res.status, res.body.error.code]).toEqual([401, "unauthenticated"]);
    } finally {
      await plain.stop();
    }
  });
});

describe("sign-in, sign-out and sessions", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.stop());

  it("signs in scripts (Fetch Metadata, no Origin) and this server's pages; refuses another site's page", async () => {
    const gus = await person(server.baseUrl, "viewer", "Gus");
    const script = await signIn(server.baseUrl, gus.email, gus.password, { "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin" });
    expect(script.status).toBe(200);
    const page = await signIn(server.baseUrl, gus.email, gus.password, { origin: server.baseUrl, "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin" });
    expect(page.status).toBe(200);
    const elsewhere = await signIn(server.baseUrl, gus.email, gus.password, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([403, "cross_origin"]);
  });

  it("signs out: the session's cookie is refused afterwards, and both are audited", async () => {
    const ada = await person(server.baseUrl, "editor", "Ada");
    expect((await client(server.baseUrl, ada.auth).get("/api/workflows")).status).toBe(200);
    const out = await request(server.baseUrl, "POST", "/api/auth/sign-out", {}, ada.auth);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join(";")).toMatch(/switchyard\.session_token=;/);
    const after = await client(server.baseUrl, ada.auth).get<{ error: { code: string; message: string } }>("/api/workflows");
    expect([after.status, after.body.error.code]).toEqual([401, "unauthenticated"]);
    expect(after.body.error.message).toMatch(/session has ended/);
    const audit = await client(server.baseUrl).get<Audit>(`/api/audit?target_type=user&target_id=${ada.id}`);
    expect(audit.body.items.map((e) => e.action)).toEqual(["auth.logout", "auth.login", "user.create"]);
  });

  it("rate-limits failed sign-ins per account: the sixth try is refused even with the right password, logged once", async () => {
    const bea = await person(server.baseUrl, "viewer", "Bea");
    for (let i = 0; i < 5; i++) {
      const res = await signIn(server.baseUrl, bea.email, "not the password at all");
      expect([res.status, res.body.error?.code]).toEqual([401, "unauthenticated"]);
    }
    const before = await snapshotAll(server);
    const limited = await signIn(server.baseUrl, bea.email, bea.password);
    expect([limited.status, limited.body.error?.code]).toEqual([429, "rate_limited"]);
    expect(limited.body.error?.message).toMatch(/too many failed sign-ins for this account; try again in \d+ s/);
    expect(limited.body.error?.details?.retry_after_s).toBeGreaterThan(800);
    expect(limited.auth).toBeUndefined();
    await signIn(server.baseUrl, bea.email, bea.password);
    // Refused tries add one audit row for the limit, and nothing else.
    const after = await snapshotAll(server);
    expect(after.audit_entries.length - before.audit_entries.length).toBe(1);
    expect(after.sessions).toEqual(before.sessions);
    const audit = await client(server.baseUrl).get<Audit>(`/api/audit?target_type=user&target_id=${bea.id}`);
    expect(audit.body.items.map((e) => e.action)).toEqual(["auth.login_rate_limited", ...Array(5).fill("auth.login_failed"), "auth.login", "user.create"]);
    // Her existing session is untouched by the limit.
    expect((await client(server.baseUrl, bea.auth).get("/api/me")).status).toBe(200);
  });

  it("rate-limits failed sign-ins per address, across accounts", async () => {
    const address = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 20; i++) {
      const res = await signIn(server.baseUrl, `nobody${i}@example.com`, "guess guess guess", address);
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    const limited = await signIn(server.baseUrl, "someone.else@example.com", "guess guess guess", address);
    expect([limited.status, limited.body.error?.message]).toEqual([429, expect.stringMatching(/from this address/)]);
    // Another address is not limited.
    expect((await signIn(server.baseUrl, "someone.else@example.com", "guess guess guess", { "x-forwarded-for": "198.51.100.8" })).status).toBe(401);
  });

  it("disabling a person ends their live session at once and refuses their sign-in; enabling lets them back", async () => {
    const cal = await person(server.baseUrl, "editor", "Cal");
    const calKey = await apiKey(server.baseUrl, "viewer", {}, cal.auth);
    expect((await client(server.baseUrl, cal.auth).get("/api/me")).status).toBe(200);
    expect((await client(server.baseUrl).patch(`/api/users/${cal.id}`, { disabled: true })).status).toBe(200);
    expect((await client(server.baseUrl, cal.auth).get("/api/me")).status).toBe(401);
    expect((await client(server.baseUrl, calKey.auth).get("/api/me")).status).toBe(401); // the keys they made are revoked
    const refused = await signIn(server.baseUrl, cal.email, cal.password);
    expect([refused.status, refused.body.error?.code, refused.body.error?.message]).toEqual([403, "forbidden", "this account is disabled; ask an admin"]);
    expect(await withDb(server, (db) => db.value("SELECT count(*) FROM sessions WHERE user_id = ?", [cal.id]))).toBe(0);
    expect((await client(server.baseUrl).patch(`/api/users/${cal.id}`, { disabled: false })).status).toBe(200);
    expect((await signIn(server.baseUrl, cal.email, cal.password)).status).toBe(200);
  });

  it("keeps the last admin: it cannot be demoted, disabled or removed", async () => {
    const users = await client(server.baseUrl).get<{ items: { id: string; role: string }[] }>("/api/users");
    for (const u of users.body.items.filter((x) => x.role === "admin")) await client(server.baseUrl).del(`/api/users/${u.id}`);
    const admin = await person(server.baseUrl, "admin", "Dee");
    const before = await snapshotAll(server);
    for (const [method, body] of [["PATCH", { role: "editor" }], ["PATCH", { disabled: true }], ["DELETE", undefined]] as const) {
      const res = await request<{ error: { code: string; message: string } }>(server.baseUrl, method, `/api/users/${admin.id}`, body);
      expect([res.status, res.body.error.code, res.body.error.message], method).toEqual([409, "bad_state", "this is the last active admin: make another admin first"]);
    }
    expect(await snapshotAll(server)).toEqual(before);
  });

  it("changes a password: the old one stops working, other sessions can be ended", async () => {
    const eve = await person(server.baseUrl, "viewer", "Eve");
    const second = (await signIn(server.baseUrl, eve.email, eve.password)).auth!;
    const wrong = await request<{ error: { details: { issues: { path: string }[] } } }>(server.baseUrl, "POST", "/api/auth/change-password", { current_password: "nope", new_password: "a brand new password" }, eve.auth);
    expect([wrong.status, wrong.body.error.details.issues[0].path]).toEqual([400, "current_password"]);
    const changed = await request(server.baseUrl, "POST", "/api/auth/change-password", { current_password: eve.password, new_password: "a brand new password", revoke_other_sessions: true }, eve.auth);
    expect(changed.status).toBe(200);
    expect((await client(server.baseUrl, second).get("/api/me")).status).toBe(401);
    expect((await signIn(server.baseUrl, eve.email, eve.password)).status).toBe(401);
    expect((await signIn(server.baseUrl, eve.email, "a brand new password")).status).toBe(200);
  });
});

describe("session expiry", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { SWITCHYARD_SESSION_HOURS: String(2 / 3600) } });
  });
  afterAll(async () => server?.stop());

  it("ends a session after its lifetime", async () => {
    const fay = await person(server.baseUrl, "viewer", "Fay");
    expect((await client(server.baseUrl, fay.auth).get("/api/me")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await client(server.baseUrl, fay.auth).get("/api/me")).status).toBe(401);
  });
});
