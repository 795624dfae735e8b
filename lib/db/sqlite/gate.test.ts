import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "../ports";
import { GroupCommit } from "../group-commit";
import { createTestDatabase, type TestDatabase } from "../test-database";
import { sqliteStorage } from "./storage";

let tdb: TestDatabase;
let store: Storage;
const secret = { ciphertext: Buffer.from("c"), iv: Buffer.from("i"), authTag: Buffer.from("t") };
const names = () => tdb.sqlite.prepare("SELECT name FROM secrets ORDER BY name").pluck().all();

beforeEach(() => {
  tdb = createTestDatabase();
  store = sqliteStorage(tdb.sqlite);
});
afterEach(() => tdb.close());

describe("storage transactions on one SQLite connection", () => {
  it("commits all of a transaction, or none of it when it throws", async () => {
    await store.transaction(async (tx) => {
      await tx.secrets.insert("A", secret, new Date());
      await tx.secrets.insert("B", secret, new Date());
    });
    await expect(
      store.transaction(async (tx) => {
        await tx.secrets.insert("C", secret, new Date());
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(names()).toEqual(["A", "B"]);
    expect(tdb.sqlite.inTransaction).toBe(false);
  });

  it("keeps another context's writes out of an open transaction (they wait, and survive its rollback)", async () => {
    let inside!: () => void;
    const reached = new Promise<void>((resolve) => (inside = resolve));
    let proceed!: () => void;
    const held = new Promise<void>((resolve) => (proceed = resolve));
    const failing = store.transaction(async (tx) => {
      await tx.secrets.insert("IN_TX", secret, new Date());
      inside();
      await held;
      throw new Error("rolled back");
    });
    await reached;
    // Another request writes while the transaction is open: it must not land inside it.
    const outside = store.secrets.insert("OUTSIDE", secret, new Date());
    const seenMeanwhile = store.secrets.names();
    proceed();
    await expect(failing).rejects.toThrow("rolled back");
    await outside;
    expect(await seenMeanwhile).toEqual(["OUTSIDE"]);
    expect(names()).toEqual(["OUTSIDE"]);
  });

  it("serializes transactions and nests inner ones as savepoints", async () => {
    const order: string[] = [];
    const first = store.transaction(async (tx) => {
      order.push("first:start");
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.secrets.insert("FIRST", secret, new Date());
      order.push("first:end");
    });
    const second = store.transaction(async (tx) => {
      order.push("second:start");
      await tx.secrets.insert("SECOND", secret, new Date());
      await expect(
        store.transaction(async (inner) => {
          await inner.secrets.insert("INNER", secret, new Date());
          throw new Error("inner only");
        }),
      ).rejects.toThrow("inner only");
      order.push("second:end");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first:start", "first:end", "second:start", "second:end"]);
    expect(names()).toEqual(["FIRST", "SECOND"]);
  });

  it("holds a group commit on the same connection until the transaction ends", async () => {
    const group = new GroupCommit<string, void>(tdb.sqlite, (name) => void tdb.sqlite.prepare("INSERT INTO secrets (name, ciphertext, iv, auth_tag, created_at, updated_at) VALUES (?, x'00', x'00', x'00', '', '')").run(name), {
      committed: () => {},
      aborted: () => {},
    });
    let proceed!: () => void;
    const held = new Promise<void>((resolve) => (proceed = resolve));
    let submitted!: Promise<void>;
    const failing = store.transaction(async (tx) => {
      await tx.secrets.insert("IN_TX", secret, new Date());
      submitted = group.submit("GROUPED");
      await new Promise((resolve) => setTimeout(resolve, 10));
      await held;
      throw new Error("rolled back");
    });
    setTimeout(proceed, 20);
    await expect(failing).rejects.toThrow("rolled back");
    await submitted;
    expect(names()).toEqual(["GROUPED"]);
  });
});
