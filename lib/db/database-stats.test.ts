import { afterEach, describe, expect, it } from "vitest";
import { databaseStats } from "./database-stats";
import { createTestDatabase, insertTestWorkflow, type TestDatabase } from "./test-database";

let database: TestDatabase | undefined;
afterEach(() => database?.close());

describe("databaseStats", () => {
  it("reports the file, its size and free pages, the WAL beside it and what it holds", () => {
    database = createTestDatabase();
    const conn = database.sqlite;
    const empty = databaseStats(conn);
    expect(empty).toMatchObject({ backend: "sqlite", location: database.file, workflows: 0, runs: 0, audit_entries: 0 });
    expect(empty.bytes).toBe((conn.pragma("page_count", { simple: true }) as number) * 4096);

    insertTestWorkflow(conn, "wf");
    insertTestWorkflow(conn, "gone");
    conn.prepare("UPDATE workflows SET deleted_at = '2026-12-02 10:00:00.000' WHERE id = 'gone'").run();
    const insertRun = conn.prepare("INSERT INTO runs (id, num, workflow_id, workflow_version, status, input, created_at) VALUES (?, ?, 'wf', 1, 'completed', ?, '2026-12-02 10:00:00.000')");
    for (let i = 1; i <= 300; i++) insertRun.run(`r${i}`, i, JSON.stringify({ padding: "x".repeat(2000) }));
    const filled = databaseStats(conn);
    expect(filled).toMatchObject({ workflows: 1, runs: 300 });
    expect(filled.wal_bytes).toBeGreaterThan(300 * 2000);

    // Deleting rows frees pages inside the file once checkpointed; the file keeps its size.
    conn.prepare("DELETE FROM runs").run();
    conn.pragma("wal_checkpoint(TRUNCATE)");
    const emptied = databaseStats(conn);
    expect(emptied.runs).toBe(0);
    expect(emptied.wal_bytes).toBe(0);
    expect(emptied.bytes).toBeGreaterThan(300 * 2000);
    expect(emptied.free_bytes).toBeGreaterThan(300 * 1500);
  });
});
