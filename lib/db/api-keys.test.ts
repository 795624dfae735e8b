import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertApiKey, keyOwner } from "./api-keys";
import { createTestDatabase, type TestDatabase } from "./test-database";

let database: TestDatabase;
beforeEach(() => {
  database = createTestDatabase();
});
afterEach(() => database.close());

const key = (id: string, createdById: string, createdByType: string) =>
  insertApiKey(database.sqlite, { id, name: id, role: "admin", prefix: `sy_${id}`, hash: `hash-${id}`, createdById, createdByType, at: new Date(), expiresAt: null });

describe("keyOwner", () => {
  it("is the person behind a key, up a chain of keys made with keys", () => {
    key("k1", "ada", "user");
    key("k2", "k1", "api_key");
    key("k3", "k2", "api_key");
    expect(keyOwner(database.sqlite, { created_by_id: "ada", created_by_type: "user" })).toBe("ada");
    expect(keyOwner(database.sqlite, { created_by_id: "k2", created_by_type: "api_key" })).toBe("ada");
  });

  it("stops at the bootstrap token (or a key no longer stored)", () => {
    key("b1", "bootstrap", "api_key");
    expect(keyOwner(database.sqlite, { created_by_id: "b1", created_by_type: "api_key" })).toBe("bootstrap");
    expect(keyOwner(database.sqlite, { created_by_id: "gone", created_by_type: "api_key" })).toBe("gone");
  });
});
