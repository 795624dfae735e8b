/**
 * The role matrix against the built server: every operation the served OpenAPI document
 * lists × {anonymous, a bad token, an expired key, a revoked key, viewer, editor, approver,
 * admin}. The document states each operation's security and roles; the server must answer
 * accordingly — 401 without a valid credential, 403 naming the roles needed, and past the
 * check for the roles it names — and no refused request may change anything stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKey, person } from "./support/accounts";
import { snapshotAll } from "./support/db";
import { client, type AuthHeaders } from "./support/http";
import { gateGraph } from "./support/run-graphs";
import { startServer, type TestServer } from "./support/server";

type Operation = { security: unknown[]; "x-switchyard-roles": string[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

let server: TestServer;
const ids: Record<string, string> = {};
const principals: { name: string; role: string | null; auth: AuthHeaders }[] = [];

beforeAll(async () => {
  server = await startServer();
  const api = client(server.baseUrl);
  ids.workflow = (await api.post<{ id: string }>("/api/workflows", { name: "Matrix", graph: gateGraph() })).body.id;
  const run = await api.post<{ id: string; status: string; steps: { id: string }[] }>(`/api/workflows/${ids.workflow}/runs?wait=10000`, { input: { ticket: "T-1" } });
  expect(run.body.status).toBe("paused");
  ids.run = run.body.id;
  ids.step = run.body.steps[0].id;
  ids.secret = "MATRIX_SECRET";
  expect((await api.post("/api/secrets", { name: ids.secret, value: "s3cret" })).status).toBe(201);
  const spare = await person(server.baseUrl, "viewer", "Spare");
  ids.user = spare.id;
  ids.key = (await apiKey(server.baseUrl, "viewer")).id;

  const expired = await apiKey(server.baseUrl, "admin", { expires_at: new Date(Date.now() + 1500).toISOString() });
  const revoked = await apiKey(server.baseUrl, "admin");
  expect((await api.del(`/api/api-keys/${revoked.id}`)).status).toBe(204);
  principals.push(
    { name: "anonymous", role: null, auth: {} },
    { name: "bad token", role: null, auth: { authorization: `Bearer sy_${"A".repeat(43)}` } },
    { name: "expired key", role: null, auth: expired.auth },
    { name: "revoked key", role: null, auth: revoked.auth },
  );
  for (const role of ["viewer", "editor", "approver", "admin"]) principals.push({ name: role, role, auth: (await person(server.baseUrl, role, `Matrix ${role}`)).auth });
  await new Promise((r) => setTimeout(r, 1600)); // the expired key's time runs out
});
afterAll(async () => server?.stop());

/** A real path for an operation: its parameters filled with stored objects' ids (or `missing` ones). */
function concrete(path: string, missing: boolean): string {
  const fill: Record<string, string> = {
    "{id}": path.startsWith("/api/runs") ? ids.run : ids.workflow,
    "{stepId}": ids.step,
    "{version}": "1",
    "{seq}": "1",
    "{name}": ids.secret,
    "{userId}": ids.user,
    "{keyId}": ids.key,
  };
  return path.replace(/\{\w+\}/g, (p) => (missing ? (/^\{(version|seq)\}$/.test(p) ? "999" : p === "{name}" ? "NO_SUCH_SECRET" : "nope0000") : (fill[p] ?? "nope0000")));
}

/** A valid body for each write (what a refused caller would have changed). */
const BODIES: Record<string, unknown> = {
  "post /api/workflows": { name: "Planted" },
  "put /api/workflows/{id}": { name: "Planted", base_version: 1 },
  "post /api/workflows/{id}/validate": {},
  "post /api/workflows/{id}/versions/{version}/restore": {},
  "post /api/workflows/{id}/runs": { input: { ticket: "planted" } },
  "patch /api/workflows/{id}/hook": { enabled: false },
  "post /api/runs/{id}/approve": { node_id: "review", input: { decision: "send" } },
  "post /api/runs/{id}/reject": { node_id: "review" },
  "post /api/secrets": { name: "PLANTED", value: "x" },
  "put /api/secrets/{name}": { value: "changed" },
  "post /api/users": { email: "planted@example.com", name: "Planted", role: "admin", password: "a planted password" },
  "patch /api/users/{userId}": { role: "admin" },
  "post /api/api-keys": { name: "planted", role: "viewer" },
  "post /api/auth/change-password": { current_password: "x", new_password: "a planted password" },
};

/** One request; an event stream is left after its status. */
async function call(method: string, path: string, auth: AuthHeaders, body?: unknown): Promise<{ status: number; code?: string; message?: string }> {
  const abort = new AbortController();
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: method.toUpperCase(),
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: abort.signal,
  });
  if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    abort.abort();
    return { status: res.status };
  }
  const json = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  return { status: res.status, code: json?.error?.code, message: json?.error?.message };
}

describe("the role matrix", () => {
  it("answers every operation as the document states, for every kind of caller, and a refused call changes nothing", async () => {
    const doc = (await client(server.baseUrl).get<Doc>("/api/openapi")).body;
    const before = await snapshotAll(server);
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method} ${path}`;
        const isPublic = op.security.length === 0;
        // Public writes (setup, sign-in and -out, webhooks) are the accounts and webhook tests' subject.
        if (isPublic && method !== "get") continue;
        for (const who of principals) {
          const allowed = isPublic || (who.role !== null && op["x-switchyard-roles"].includes(who.role));
          // A caller past the check gets a harmless variant of a write (ids that do not exist, an empty body), so nothing changes either way.
          const harmless = allowed && method !== "get";
          const body = method === "get" || method === "delete" ? undefined : harmless ? {} : (BODIES[key] ?? {});
          const res = await call(method, concrete(path, harmless), who.auth, body);
          const label = `${who.name} ${key} → ${res.status} ${res.code ?? ""} ${res.message ?? ""}`;
          checked += 1;
          expect(res.status, label).toBeLessThan(500);
          if (allowed) {
            expect([401, 403], label).not.toContain(res.status);
            if (method === "get") expect(res.status, label).toBeLessThan(300);
          } else if (who.role === null) {
            expect([res.status, res.code], label).toEqual([401, "unauthenticated"]);
          } else {
            expect([res.status, res.code], label).toEqual([403, "forbidden"]);
            expect(res.message, label).toMatch(/^this needs the [a-z, ]+ role; Matrix \w+ has the \w+ role$/);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40 * principals.length);
    expect(await snapshotAll(server)).toEqual(before);
  });
});
