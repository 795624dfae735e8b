/**
 * Who may decide a human gate, against the real server: roles, people named by email, a
 * quorum of distinct people, no self-approval (a key counts as its maker), an approver
 * revoked or demoted mid-run, and the inbox listing only what each person may approve.
 * Every refusal is checked to change nothing: the run and its audit rows stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, request, type AuthHeaders } from "./support/http";
import { startServer, type TestServer } from "./support/server";

interface Gate { node_id: string; approvals: { actor_id: string; actor_name: string }[]; required_approvals: number; may_decide?: boolean; decide_refusal?: string | null }
interface Run { id: string; status: string; output: Record<string, unknown> | null; error_message: string | null; pending_gate: Gate | null }
interface ErrorBody { error: { code: string; message: string } }
interface Page<T> { items: T[]; next_cursor: string | null }
interface AuditRow { action: string; actor_id: string; details: Record<string, unknown> }

let server: TestServer;
let admin: ReturnType<typeof client>;
const PASSWORD = "approvers-test-password";

beforeAll(async () => {
  server = await startServer();
  admin = client(server.baseUrl);
}, 120_000);
afterAll(async () => server?.stop());

/** A person with a role, signed in: their session cookie acts as them. */
async function person(name: string, email: string, role: string) {
  const made = await admin.post<{ id: string }>("/api/users", { email, name, role, password: PASSWORD });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const signedIn = await request(server.baseUrl, "POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, {});
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { id: made.body.id, email, auth: { cookie } as AuthHeaders, api: client(server.baseUrl, { cookie }) };
}

/** An API key with a role, made by `maker` (default: the bootstrap token, an admin). */
async function apiKey(name: string, role: string, maker = admin) {
  const made = await maker.post<{ id: string; key: string }>("/api/api-keys", { name, role });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body.id, api: client(server.baseUrl, { authorization: `Bearer ${made.body.key}` }) };
}

let workflows = 0;
/** A workflow of one gate (with this config) and a set tool after it. */
async function gateWorkflow(config: Record<string, unknown> = {}): Promise<string> {
  const graph = {
    nodes: [
      { id: "review", type: "human_gate", position: { x: 0, y: 0 }, config: { prompt: "Ship it?", fields: [{ name: "note", type: "text" }, { name: "tone", type: "text" }], ...config } },
      { id: "done", type: "tool", position: { x: 200, y: 0 }, config: { tool: "set", params: { shipped: true } } },
    ],
    edges: [{ id: "e1", source: "review", target: "done" }],
  };
  const res = await admin.post<{ id: string }>("/api/workflows", { name: `Approvers ${++workflows}`, graph });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Triggers as `by` and waits until the run parks at its gate. */
async function pausedRun(workflowId: string, by: ReturnType<typeof client>): Promise<string> {
  const res = await by.post<Run>(`/api/workflows/${workflowId}/runs?wait=10000`, { input: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe("paused");
  return res.body.id;
}

/** The run and its audit rows as they stand. */
async function stateOf(runId: string) {
  const run = (await admin.get<Run>(`/api/runs/${runId}?step_inputs=false`)).body;
  const audit = (await admin.get<Page<AuditRow>>(`/api/audit?target_type=run&target_id=${runId}`)).body.items;
  return { run: { ...run, pending_gate: run.pending_gate && { ...run.pending_gate, may_decide: undefined, decide_refusal: undefined } }, audit };
}

/** Expects `call` to be refused with `status`/`code` (and `message` when given), changing nothing about the run. */
async function refused(runId: string, call: () => Promise<{ status: number; body: unknown }>, status: number, code: string, message?: string | RegExp) {
  const before = await stateOf(runId);
  const res = (await call()) as { status: number; body: ErrorBody };
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (typeof message === "string") expect(res.body.error.message).toBe(message);
  else if (message) expect(res.body.error.message).toMatch(message);
  expect(await stateOf(runId)).toEqual(before);
}

const approve = (api: ReturnType<typeof client>, runId: string, input: Record<string, unknown> = {}) => api.post<Run>(`/api/runs/${runId}/approve`, { node_id: "review", input });
const reject = (api: ReturnType<typeof client>, runId: string) => api.post<Run>(`/api/runs/${runId}/reject`, { node_id: "review", comment: "no" });
const settled = (runId: string) => expect.poll(async () => (await admin.get<Run>(`/api/runs/${runId}`)).body.status, { timeout: 10_000 });

let ed: Awaited<ReturnType<typeof person>>;
let ada: Awaited<ReturnType<typeof person>>;
let abe: Awaited<ReturnType<typeof person>>;
let vera: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  ed = await person("Ed Editor", "ed@example.com", "editor");
  ada = await person("Ada Admin", "ada@example.com", "admin");
  abe = await person("Abe Approver", "abe@example.com", "approver");
  vera = await person("Vera Viewer", "vera@example.com", "viewer");
}, 60_000);

describe("who may decide a gate", () => {
  it("by default the approver and admin roles: a viewer or editor key is refused with the reason, an approver key decides", async () => {
    const wf = await gateWorkflow();
    const runId = await pausedRun(wf, ed.api);
    const viewer = await apiKey("viewer key", "viewer");
    const editor = await apiKey("editor key", "editor");
    for (const k of [viewer, editor]) {
      await refused(runId, () => approve(k.api, runId), 403, "forbidden", "this gate is decided by the approver or admin role");
      await refused(runId, () => reject(k.api, runId), 403, "forbidden", "this gate is decided by the approver or admin role");
    }
    const approver = await apiKey("approver key", "approver");
    expect((await approve(approver.api, runId)).status).toBe(202);
    await settled(runId).toBe("completed");

    // A gate naming the editor role: an editor decides, an approver does not.
    const editorsOnly = await gateWorkflow({ approvers: { roles: ["editor"] } });
    const second = await pausedRun(editorsOnly, admin);
    await refused(second, () => approve(approver.api, second), 403, "forbidden", "this gate is decided by the editor role");
    expect((await reject(editor.api, second)).body.status).toBe("failed");
  });

  it("a person named by email decides whatever their role; a key, or anyone else, is refused", async () => {
    const wf = await gateWorkflow({ approvers: { roles: ["admin"], users: ["Vera@Example.com"] } });
    const runId = await pausedRun(wf, ed.api);
    const viewerKey = await apiKey("vera's stand-in", "viewer");
    await refused(runId, () => approve(viewerKey.api, runId), 403, "forbidden", "this gate is decided by the admin role, or by vera@example.com");
    await refused(runId, () => approve(abe.api, runId), 403, "forbidden", "this gate is decided by the admin role, or by vera@example.com");
    const gate = (await vera.api.get<{ pending_gate: Gate }>(`/api/runs/${runId}/gate`)).body.pending_gate;
    expect(gate).toMatchObject({ may_decide: true, decide_refusal: null });
    expect((await approve(vera.api, runId, { note: "fine by me" })).status).toBe(202);
    await settled(runId).toBe("completed");
    const run = (await admin.get<Run>(`/api/runs/${runId}`)).body;
    expect(run.output?.approval_review).toMatchObject({ approved: true, actor_id: vera.id, actor_name: "Vera Viewer" });
  });

  it("a quorum of 2 needs two distinct people: the first approval is kept and shown, the same person (or their key) again is 409", async () => {
    const wf = await gateWorkflow({ required_approvals: 2 });
    const runId = await pausedRun(wf, ed.api);
    const first = await approve(ada.api, runId, { note: "from Ada", tone: "warm" });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: "paused", pending_gate: { required_approvals: 2, approvals: [{ actor_id: ada.id, actor_name: "Ada Admin" }], may_decide: false } });

    const asAda = (await ada.api.get<{ pending_gate: Gate }>(`/api/runs/${runId}/gate`)).body.pending_gate;
    expect(asAda).toMatchObject({ may_decide: false, decide_refusal: "you have already approved this gate (1 of 2 approvals)" });
    expect((await abe.api.get<Run>(`/api/runs/${runId}`)).body.pending_gate).toMatchObject({ approvals: [{ actor_name: "Ada Admin" }], required_approvals: 2, may_decide: true });

    await refused(runId, () => approve(ada.api, runId), 409, "bad_state", "you have already approved this gate (1 of 2 approvals)");
    const adasKey = await apiKey("ada's key", "admin", ada.api);
    await refused(runId, () => approve(adasKey.api, runId), 409, "bad_state", /^Ada Admin \(counted as you: an API key counts as the person who made it\) has already approved/);

    expect((await approve(abe.api, runId, { tone: "formal" })).status).toBe(202);
    await settled(runId).toBe("completed");
    const run = (await admin.get<Run>(`/api/runs/${runId}`)).body;
    expect(run.output).toMatchObject({ note: "from Ada", tone: "formal", approval_review: { approved: true, actor_id: abe.id, approvals: [{ actor_id: ada.id }, { actor_id: abe.id }] } });
    const audit = (await admin.get<Page<AuditRow>>(`/api/audit?target_type=run&target_id=${runId}`)).body.items;
    expect(audit.filter((r) => r.action === "gate.approve").map((r) => [r.actor_id, r.details.approvals_so_far, r.details.required])).toEqual([
      [abe.id, 2, 2],
      [ada.id, 1, 2],
    ]);
  });

  it("refuses the person or key that triggered the run — and the key's maker, and the maker's keys — unless the gate allows it", async () => {
    const wf = await gateWorkflow();
    const byAda = await pausedRun(wf, ada.api);
    const selfMessage = "you triggered this run, and this gate does not allow self-approval";
    expect((await ada.api.get<{ pending_gate: Gate }>(`/api/runs/${byAda}/gate`)).body.pending_gate).toMatchObject({ may_decide: false, decide_refusal: selfMessage });
    await refused(byAda, () => approve(ada.api, byAda), 403, "forbidden", selfMessage);
    const adasKey = await apiKey("ada's automation", "admin", ada.api);
    await refused(byAda, () => approve(adasKey.api, byAda), 403, "forbidden", /^this API key was made by Ada Admin, who triggered this run/);

    const byAdasKey = await pausedRun(wf, adasKey.api);
    await refused(byAdasKey, () => approve(ada.api, byAdasKey), 403, "forbidden", /^your API key "ada's automation" triggered this run/);
    await refused(byAdasKey, () => approve(adasKey.api, byAdasKey), 403, "forbidden", selfMessage);
    // A key minted with Ada's key is still Ada's.
    const minted = await apiKey("minted by ada's key", "approver", adasKey.api);
    await refused(byAdasKey, () => approve(minted.api, byAdasKey), 403, "forbidden", /were made by the same person/);
    expect((await approve(abe.api, byAdasKey)).status).toBe(202);
    // The one who triggered may still reject their own run's gate.
    expect((await reject(ada.api, byAda)).body.status).toBe("failed");

    const selfAllowed = await gateWorkflow({ allow_self_approval: true });
    const own = await pausedRun(selfAllowed, ada.api);
    expect((await approve(ada.api, own)).status).toBe(202);
    await settled(own).toBe("completed");
  });

  it("refuses an approver revoked or demoted between approvals, as they are now", async () => {
    const wf = await gateWorkflow({ required_approvals: 3 });
    const runId = await pausedRun(wf, ed.api);
    const key = await apiKey("soon revoked", "approver");
    expect((await approve(key.api, runId)).status).toBe(202);
    expect((await admin.del(`/api/api-keys/${key.id}`)).status).toBe(204);
    await refused(runId, () => approve(key.api, runId), 401, "unauthenticated", /revoked/);

    const carl = await person("Carl Approver", "carl@example.com", "approver");
    const other = await pausedRun(wf, ed.api);
    expect((await approve(carl.api, runId)).status).toBe(202);
    expect((await carl.api.get<Page<{ run_id: string }>>("/api/approvals?limit=500")).body.items.map((i) => i.run_id)).toContain(other);
    expect((await admin.patch(`/api/users/${carl.id}`, { role: "viewer" })).status).toBe(200);
    await refused(other, () => approve(carl.api, other), 403, "forbidden", "this gate is decided by the approver or admin role");
    await refused(runId, () => approve(carl.api, runId), 403, "forbidden");
    expect((await carl.api.get<Page<{ run_id: string }>>("/api/approvals?limit=500")).body.items).toEqual([]);
    const stood = (await admin.get<Run>(`/api/runs/${runId}`)).body;
    expect(stood).toMatchObject({ status: "paused", pending_gate: { approvals: [{ actor_name: "soon revoked" }, { actor_name: "Carl Approver" }] } });
  });

  it("the inbox lists only the gates the person may approve now, page by page", async () => {
    const byDefault = await gateWorkflow();
    const veraOnly = await gateWorkflow({ approvers: { users: ["vera@example.com"] } });
    const editors = await gateWorkflow({ approvers: { roles: ["editor"] } });
    const runs = {
      edDefault: await pausedRun(byDefault, ed.api),
      vera: await pausedRun(veraOnly, ed.api),
      editors: await pausedRun(editors, admin),
      adaOwn: await pausedRun(byDefault, ada.api),
      edDefault2: await pausedRun(byDefault, ed.api),
    };
    const ours = new Set(Object.values(runs));
    /** Every page of `who`'s inbox, one item per page; only this test's runs kept. */
    const inboxOf = async (who: ReturnType<typeof client>) => {
      const seen: { run_id: string; pending_gate: Gate }[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const page: Page<{ run_id: string; pending_gate: Gate }> = (await who.get<Page<{ run_id: string; pending_gate: Gate }>>(`/api/approvals?limit=1${cursor ? `&cursor=${cursor}` : ""}`)).body;
        expect(page.items.length).toBeLessThanOrEqual(1);
        seen.push(...page.items);
        cursor = page.next_cursor;
      }
      for (const item of seen) expect(item.pending_gate).toMatchObject({ may_decide: true, decide_refusal: null });
      return seen.map((i) => i.run_id).filter((id) => ours.has(id));
    };
    expect(await inboxOf(ada.api)).toEqual([runs.edDefault, runs.edDefault2]);
    expect(await inboxOf(vera.api)).toEqual([runs.vera]);
    expect(await inboxOf(ed.api)).toEqual([runs.editors]);
    expect(await inboxOf(abe.api)).toEqual([runs.edDefault, runs.adaOwn, runs.edDefault2]);
  });
});
