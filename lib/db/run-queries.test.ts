import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertRun, type NewRunRow } from "./run-queries";
import { sqlTime } from "./run-rows";
import { createTestDatabase, type TestDatabase } from "./test-database";

let database: TestDatabase;

beforeEach(() => {
  database = createTestDatabase();
  const now = sqlTime(Date.now());
  database.sqlite.prepare("INSERT INTO workflows (id, name, graph, version, created_at, updated_at) VALUES ('wf', 'wf', '{}', 2, ?, ?)").run(now, now);
});
afterEach(() => database.close());

const newRun = (id: string, graphText: string): NewRunRow => ({
  id, workflowId: "wf", workflowVersion: 2, graphText, input: { q: 1 }, options: {}, createdBy: "local",
  createdAt: Date.now(), leaseOwner: "host:1:a", leaseExpiresAt: Date.now() + 30_000,
});

const versions = () => database.sqlite.prepare("SELECT version, graph FROM workflow_versions WHERE workflow_id = 'wf'").all();

describe("insertRun", () => {
  it("writes the version snapshot when it is missing, and leaves a stored one as it is", () => {
    insertRun(database.sqlite, newRun("r1", '{"first":true}'));
    expect(versions()).toEqual([{ version: 2, graph: '{"first":true}' }]);
    insertRun(database.sqlite, newRun("r2", '{"second":true}'));
    expect(versions()).toEqual([{ version: 2, graph: '{"first":true}' }]);
    const runs = database.sqlite.prepare("SELECT id, workflow_version, status, num FROM runs ORDER BY num").all();
    expect(runs).toEqual([
      { id: "r1", workflow_version: 2, status: "pending", num: 1 },
      { id: "r2", workflow_version: 2, status: "pending", num: 2 },
    ]);
  });
});
