import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STATE_SCHEMA_VERSION } from "@/engine/store/snapshot-schema";
import { agent, gate, graph, harness, person } from "@/engine/testing/harness";
import { MIGRATIONS_DIR } from "./migrations";
import { SqliteRunStore } from "./run-store";
import { createTestDatabase, insertTestWorkflow, type TestDatabase } from "./test-database";

const STAMP = "20261204180000_state_schema_version";
const reviewGraph = () => graph([agent("draft", { user_message: "Draft for {ticket}" }), gate("review", { prompt: "Send it?" }), agent("send", { user_message: "Send {draft}" })], "draft>review", "review>send");

let database: TestDatabase;
afterEach(() => database?.close());

/** A run paused at its gate on a real SQLite file, and what a refusal must leave as it was. */
async function pausedRun() {
  database = createTestDatabase();
  insertTestWorkflow(database.sqlite, "wf");
  const store = new SqliteRunStore(database.sqlite);
  const h = harness([], { store: store as never });
  const run = await h.run(reviewGraph(), { ticket: "T-1" });
  expect(run.status).toBe("paused");
  const rows = () => ({
    run: database.sqlite.prepare("SELECT * FROM runs WHERE id = ?").get(run.id),
    steps: database.sqlite.prepare("SELECT id, status, attempt FROM steps ORDER BY seq").all(),
    checkpoints: database.sqlite.prepare("SELECT seq, state_schema_version FROM checkpoints ORDER BY seq").all(),
    events: database.sqlite.prepare("SELECT COUNT(*) FROM run_events").pluck().get(),
  });
  const stampAll = (version: number) => database.sqlite.prepare("UPDATE checkpoints SET state_schema_version = ?").run(version);
  return { h, store, run, rows, stampAll };
}

describe("checkpoints stamped with their state schema version (SQLite)", () => {
  it("stamps every checkpoint with this build's version", async () => {
    const { rows } = await pausedRun();
    const { checkpoints } = rows() as { checkpoints: { state_schema_version: number }[] };
    expect(checkpoints.length).toBeGreaterThan(1);
    expect(new Set(checkpoints.map((c) => c.state_schema_version))).toEqual(new Set([STATE_SCHEMA_VERSION]));
  });

  it("refuses a run whose snapshot a newer build wrote, on every load, and changes nothing; the newer build's server goes on with it", async () => {
    const { h, store, run, rows, stampAll } = await pausedRun();
    stampAll(STATE_SCHEMA_VERSION + 1);
    const before = rows();
    const tooNew = expect.objectContaining({ code: "snapshot_too_new", message: expect.stringContaining(`state schema version ${STATE_SCHEMA_VERSION + 1}`) });
    await expect(store.loadRun(run.id)).rejects.toThrow(tooNew);
    await expect(store.listCheckpoints(run.id)).rejects.toThrow(tooNew);
    await expect(store.listCheckpointStates(run.id)).rejects.toThrow(tooNew);
    await expect(store.getCheckpoint(run.id, 1)).rejects.toThrow(tooNew);
    await expect(h.engine.approve(run.id, { node_id: "review", actor: person("alice") })).rejects.toThrow(tooNew);
    await expect(h.engine.resume(run.id)).rejects.toThrow();
    expect(rows()).toEqual(before);

    // As a server of that version reads it (here: the same format, stamped back).
    stampAll(STATE_SCHEMA_VERSION);
    const done = await (await h.engine.approve(run.id, { node_id: "review", actor: person("alice") })).done;
    expect(done.status).toBe("completed");
  });
});

describe(`migration ${STAMP}`, () => {
  it("makes every checkpoint stored before it version 1, and they load as before", async () => {
    const { store, run, stampAll } = await pausedRun();
    stampAll(STATE_SCHEMA_VERSION);
    const before = await store.listCheckpoints(run.id);
    // The table as it was before the stamp, holding this run's checkpoints; then the migration.
    database.sqlite.exec("ALTER TABLE checkpoints DROP COLUMN state_schema_version");
    database.sqlite.exec(readFileSync(path.join(MIGRATIONS_DIR, STAMP, "migration.sql"), "utf8"));
    expect(database.sqlite.prepare("SELECT DISTINCT state_schema_version FROM checkpoints").pluck().all()).toEqual([1]);
    const after = new SqliteRunStore(database.sqlite);
    expect(await after.listCheckpoints(run.id)).toEqual(before);
    expect((await after.loadRun(run.id))?.checkpoint).toEqual(before.at(-1));
  });
});
