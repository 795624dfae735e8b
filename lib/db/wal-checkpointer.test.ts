import { statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { applyPragmas, startWalCheckpointer } from "./pragmas";
import { createTestDatabase, type TestDatabase } from "./test-database";

let tdb: TestDatabase | undefined;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  tdb?.close();
});

describe("startWalCheckpointer", () => {
  it("copies committed WAL pages into the database file from its own thread", async () => {
    tdb = createTestDatabase();
    const { sqlite, file } = tdb;
    sqlite.exec("CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const before = statSync(file).size;
    const insert = sqlite.prepare("INSERT INTO blobs (body) VALUES (?)");
    sqlite.transaction(() => {
      for (let i = 0; i < 400; i++) insert.run("x".repeat(1000));
    })();
    // Far below wal_autocheckpoint: the writer's connection leaves the pages in the WAL.
    expect(statSync(file).size).toBe(before);
    stop = startWalCheckpointer(sqlite, 20);
    // The checkpoint grows the file as it copies pages: wait for all of them, not the first.
    const copied = before + 300 * 1000;
    const deadline = Date.now() + 10_000;
    while (statSync(file).size <= copied && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(statSync(file).size).toBeGreaterThan(copied);
    expect(sqlite.prepare("SELECT count(*) FROM blobs").pluck().get()).toBe(400);
  });
});

describe("applyPragmas", () => {
  it("cuts a WAL that a long reader let grow back to the limit once it restarts", () => {
    tdb = createTestDatabase();
    const { sqlite, file } = tdb;
    applyPragmas(sqlite, { walSizeLimitBytes: 256 * 1024 });
    sqlite.exec("CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const insert = sqlite.prepare("INSERT INTO blobs (body) VALUES (?)");
    const write = (rows: number) => sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run("x".repeat(1000));
    })();
    // A reader in the middle of a snapshot (as a backup's VACUUM INTO is) pins the WAL.
    const reader = new Database(file, { readonly: true });
    reader.exec("BEGIN");
    reader.prepare("SELECT count(*) FROM blobs").get();
    for (let i = 0; i < 30; i++) write(100);
    sqlite.pragma("wal_checkpoint(PASSIVE)");
    const grown = statSync(`${file}-wal`).size;
    expect(grown).toBeGreaterThan(3_000_000);
    reader.exec("COMMIT");
    reader.close();
    // Reader gone: a checkpoint copies everything, the next commit restarts the WAL and cuts it.
    sqlite.pragma("wal_checkpoint(PASSIVE)");
    write(1);
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(256 * 1024);
    expect(sqlite.prepare("SELECT count(*) FROM blobs").pluck().get()).toBe(3001);
  });
});
