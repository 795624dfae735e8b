import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { releaseProcessLeases } from "./run-leases";
import { NEXT_RUN_NUM } from "./run-statements";
import { createTestDatabase, insertTestWorkflow, type TestDatabase } from "./test-database";

let database: TestDatabase;
beforeEach(() => {
  database = createTestDatabase();
  insertTestWorkflow(database.sqlite, "wf");
});
afterEach(() => database.close());

function insertRun(id: string, status: string, owner: string | null) {
  database.sqlite
    .prepare(`INSERT INTO runs (id, workflow_id, workflow_version, status, input, lease_owner, lease_expires_at, num) VALUES (?, 'wf', 1, ?, '{}', ?, ?, ${NEXT_RUN_NUM})`)
    .run(id, status, owner, owner === null ? null : "2099-01-01 00:00:00");
}

describe("releaseProcessLeases", () => {
  it("drops the leases of one process's owners only", () => {
    insertRun("mine-running", "running", "host:1:aaaa");
    insertRun("mine-pending", "pending", "host:1:bbbb");
    insertRun("pid-12", "running", "host:12:aaaa");
    insertRun("other-host", "running", "other:1:aaaa");
    insertRun("done", "completed", null);
    expect(releaseProcessLeases(database.sqlite, "host:1:")).toBe(2);
    const leases = Object.fromEntries(
      (database.sqlite.prepare("SELECT id, lease_owner, lease_expires_at FROM runs ORDER BY id").all() as { id: string; lease_owner: string | null; lease_expires_at: string | null }[]).map((r) => [r.id, [r.lease_owner, r.lease_expires_at]]),
    );
    expect(leases).toEqual({
      "mine-running": [null, null],
      "mine-pending": [null, null],
      "pid-12": ["host:12:aaaa", "2099-01-01 00:00:00"],
      "other-host": ["other:1:aaaa", "2099-01-01 00:00:00"],
      done: [null, null],
    });
    expect(releaseProcessLeases(database.sqlite, "host:1:")).toBe(0);
  });
});
