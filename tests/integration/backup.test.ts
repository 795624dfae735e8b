import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoNodeGraph } from "./support/graphs";
import { client } from "./support/http";
import { delayGraph } from "./support/run-graphs";
import { startServer, TEST_BACKEND, type TestServer } from "./support/server";

type Run = { id: string; status: string; steps: { node_id: string; status: string }[] };

const ROOT = path.resolve(__dirname, "../..");
let live: TestServer;
let restored: TestServer | undefined;
let dir: string;

/** `npm run backup` as a user runs it, against the database `databaseUrl` names. */
function backup(databaseUrl: string, ...args: string[]) {
  const res = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "scripts/backup.ts"), ...args], { cwd: dir, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-backup-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("refuses a PostgreSQL database, naming pg_dump and the secrets key to keep with its dump, its password never printed", () => {
  const data = path.join(dir, "pg-data");
  const res = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "scripts/backup.ts")], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: "postgres://switchyard:hunter2@127.0.0.1:1/switchyard", SWITCHYARD_DATA_DIR: data, SWITCHYARD_SECRET_KEY: "" },
    encoding: "utf8",
  });
  expect(res.status).toBe(1);
  expect(res.stderr).toContain("switchyard backup: DATABASE_URL names a PostgreSQL database, and this command copies SQLite files: back it up with pg_dump");
  expect(res.stderr).toContain(`keep the secrets key (${path.join(data, "secret.key")}) with it`);
  expect(res.stderr).not.toContain("hunter2");
  expect(readdirSync(dir)).toEqual([]);
});

// A SQLite file copied while the server runs; PostgreSQL's backups are pg_dump's (the test above).
describe.skipIf(TEST_BACKEND === "postgres")("npm run backup", () => {
  beforeAll(async () => {
    live = await startServer({ keepFiles: true });
  });
  afterAll(async () => {
    await restored?.stop();
    await live?.stop();
    if (live) rmSync(path.dirname(live.dbFile), { recursive: true, force: true });
  });

  it("copies the database while the server runs; a server started on the copy has everything, and finishes the run that was in flight", async () => {
    const api = client(live.baseUrl);
    const wf = (await api.post<{ id: string; version: number }>("/api/workflows", { name: "Backed up", graph: twoNodeGraph() })).body;
    const done = (await api.post<Run>(`/api/workflows/${wf.id}/runs?wait=10000`, { input: { ticket: "T-1" } })).body;
    expect(done.status).toBe("completed");
    expect((await api.post("/api/secrets", { name: "API_TOKEN", value: "s3cret-value" })).status).toBe(201);
    const slow = (await api.post<{ id: string }>("/api/workflows", { name: "Slow", graph: delayGraph(1500) })).body;
    const inFlight = (await api.post<Run>(`/api/workflows/${slow.id}/runs`, {})).body;
    expect(inFlight.status).toBe("running");

    const out = backup(live.databaseUrl, "copies/switchyard.db");
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    const summary = JSON.parse(out.stdout) as { backup: string; bytes: number; workflows: number; runs: number; audit_entries: number; secret_key: string | null };
    const target = path.join(dir, "copies/switchyard.db");
    expect(summary).toMatchObject({ backup: target, workflows: 2, runs: 2, secret_key: `${target}.secret.key` });
    expect(summary.audit_entries).toBeGreaterThanOrEqual(5);
    expect(summary.bytes).toBe(statSync(target).size);
    // The key file comes along unchanged and stays private.
    expect(readFileSync(summary.secret_key!)).toEqual(readFileSync(path.join(live.dataDir, "secret.key")));
    expect(statSync(summary.secret_key!).mode & 0o777).toBe(0o600);

    // Restore as the script says: the copy where DATABASE_URL points, its key beside it as secret.key.
    const restoreDir = mkdtempSync(path.join(dir, "restore-"));
    copyFileSync(target, path.join(restoreDir, "switchyard.db"));
    copyFileSync(summary.secret_key!, path.join(restoreDir, "secret.key"));
    restored = await startServer({ dbFile: path.join(restoreDir, "switchyard.db") });
    const back = client(restored.baseUrl);
    const chain = (await back.get<{ ok: boolean; checked: number }>("/api/audit/verify")).body;
    expect(chain.ok).toBe(true);
    expect(chain.checked).toBeGreaterThanOrEqual(summary.audit_entries);
    expect((await back.get<{ graph: unknown; version: number }>(`/api/workflows/${wf.id}`)).body).toMatchObject({ graph: twoNodeGraph(), version: wf.version });
    const copied = (await back.get<Run>(`/api/runs/${done.id}`)).body;
    expect(copied.status).toBe("completed");
    expect(copied.steps.map((s) => [s.node_id, s.status])).toEqual(done.steps.map((s) => [s.node_id, s.status]));
    expect((await back.get<{ items: { name: string }[] }>("/api/secrets")).body.items.map((s) => s.name)).toEqual(["API_TOKEN"]);
    // The run that was in flight at the moment of the copy is picked up once its lease runs out.
    await expect.poll(async () => (await back.get<Run>(`/api/runs/${inFlight.id}`)).body.status, { timeout: 30_000, interval: 500 }).toBe("completed");
  });

  it("refuses to overwrite a file, and says when there is no database", () => {
    const first = backup(live.databaseUrl, "twice.db");
    expect(first.status).toBe(0);
    const again = backup(live.databaseUrl, "twice.db");
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/twice\.db already exists/);
    const missing = backup(`file:${path.join(dir, "nowhere.db")}`);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/no database at .*nowhere\.db/);
  });
});
