import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findWorkflowHead, insertRun, versionGraphText, type NewRunRow } from "./run-queries";
import { sqlTime } from "./timestamps";
import { createTestDatabase, type TestDatabase } from "./test-database";

let database: TestDatabase;

beforeEach(() => {
  database = createTestDatabase();
  const now = sqlTime(Date.now());
  // A workflow at version 2 whose versions were saved before snapshots existed: no snapshot rows.
  database.sqlite.prepare("INSERT INTO workflows (id, name, graph, version, created_at, updated_at) VALUES ('wf', 'wf', '{\"live\":2}', 2, ?, ?)").run(now, now);
});
afterEach(() => database.close());

const newRun = (id: string, version = 2): NewRunRow => ({
  id, workflowId: "wf", workflowVersion: version, input: { q: 1 }, options: {}, createdBy: { type: "user", id: "u1", name: "Ada" },
  createdAt: Date.now(), leaseOwner: "host:1:a", leaseExpiresAt: Date.now() + 30_000,
});

const versions = () => database.sqlite.prepare("SELECT version, graph FROM workflow_versions WHERE workflow_id = 'wf' ORDER BY version").all();
const snapshot = (version: number, graph: string) =>
  database.sqlite
    .prepare("INSERT INTO workflow_versions (id, workflow_id, version, graph, created_at, created_by) VALUES (?, 'wf', ?, ?, ?, 'local')")
    .run(`v${version}`, version, graph, sqlTime(Date.now()));

describe("findWorkflowHead", () => {
  it("gives the live workflow's id, name and version, without its graph", () => {
    expect(findWorkflowHead("wf", database.sqlite)).toEqual({ id: "wf", name: "wf", version: 2 });
    database.sqlite.prepare("UPDATE workflows SET deleted_at = ? WHERE id = 'wf'").run(sqlTime(Date.now()));
    expect(findWorkflowHead("wf", database.sqlite)).toBeNull();
  });
});

describe("versionGraphText", () => {
  it("reads a version's snapshot, else the workflow's row while it is at that version", () => {
    expect(versionGraphText(database.sqlite, "wf", 2)).toBe('{"live":2}');
    expect(versionGraphText(database.sqlite, "wf", 1)).toBeNull();
    snapshot(1, '{"old":1}');
    snapshot(2, '{"snapshot":2}');
    expect(versionGraphText(database.sqlite, "wf", 1)).toBe('{"old":1}');
    expect(versionGraphText(database.sqlite, "wf", 2)).toBe('{"snapshot":2}');
    expect(versionGraphText(database.sqlite, "nope", 1)).toBeNull();
  });
});

describe("insertRun", () => {
  it("writes a missing version snapshot from the workflow's row, and leaves a stored one as it is", () => {
    insertRun(database.sqlite, newRun("r1"));
    expect(versions()).toEqual([{ version: 2, graph: '{"live":2}' }]);
    database.sqlite.prepare("UPDATE workflows SET graph = '{\"edited\":true}' WHERE id = 'wf'").run();
    insertRun(database.sqlite, newRun("r2"));
    expect(versions()).toEqual([{ version: 2, graph: '{"live":2}' }]);
    const runs = database.sqlite.prepare("SELECT id, workflow_version, status, num FROM runs ORDER BY num").all();
    expect(runs).toEqual([
      { id: "r1", workflow_version: 2, status: "pending", num: 1 },
      { id: "r2", workflow_version: 2, status: "pending", num: 2 },
    ]);
  });

  it("refuses a version the workflow no longer holds and has no snapshot of", () => {
    expect(() => insertRun(database.sqlite, newRun("r1", 1))).toThrow(/no version 1/);
    expect(database.sqlite.prepare("SELECT COUNT(*) FROM runs").pluck().get()).toBe(0);
  });
});
