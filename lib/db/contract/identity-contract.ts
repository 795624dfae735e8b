/** The contract of the user, API key and failed sign-in stores. */
import { expect, it } from "vitest";
import type { OpenedStorage } from "./harness";
import { countOf, seedSession } from "./seed";

const T0 = Date.UTC(2026, 4, 6, 7, 8, 9, 10);
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();

export function identityContract(h: () => OpenedStorage): void {
  it("keeps users with their credentials and sessions", async () => {
    const { storage, sql } = h();
    const { users } = storage;
    expect(await users.count()).toBe(0);
    await users.insert({ id: "u1", name: "Ada", email: "Ada@Example.com", role: "admin", passwordHash: "hash-1", at: at(0) }, "acc1");
    await users.insert({ id: "u2", name: "Bo", email: "bo@example.com", role: "editor", passwordHash: "hash-2", at: at(1) }, "acc2");
    await users.insert({ id: "u3", name: "Cy", email: "B@example.com", role: "admin", passwordHash: "hash-3", at: at(2) }, "acc3");
    await expect(users.insert({ id: "u4", name: "Ada again", email: "ada@example.com", role: "viewer", passwordHash: "x", at: at(3) }, "acc4")).rejects.toThrow();

    const ada = { id: "u1", name: "Ada", email: "ada@example.com", role: "admin", disabled: false, created_at: iso(0), updated_at: iso(0) };
    expect(await users.count()).toBe(3);
    expect(await users.find({ id: "u1" })).toEqual(ada);
    expect(await users.find({ email: "ADA@example.COM" })).toEqual(ada);
    expect(await users.find({ id: "nope" })).toBeUndefined();
    expect(await users.find({ email: "nope@example.com" })).toBeUndefined();
    expect((await users.list()).map((u) => u.email)).toEqual(["ada@example.com", "b@example.com", "bo@example.com"]);
    expect(await countOf(sql, "accounts", "WHERE user_id = ? AND provider_id = 'credential' AND password = 'hash-1'", ["u1"])).toBe(1);
    expect(await users.countActiveAdmins()).toBe(2);

    await users.update("u3", { disabled: true }, at(10));
    expect(await users.countActiveAdmins()).toBe(1);
    await users.update("u2", { role: "approver", name: "Bo B" }, at(11));
    expect(await users.find({ id: "u2" })).toMatchObject({ name: "Bo B", role: "approver", disabled: false, created_at: iso(1), updated_at: iso(11) });
    await users.update("u2", {}, at(12));
    expect((await users.find({ id: "u2" }))?.updated_at).toBe(iso(11));
    expect(await users.find({ id: "u3" })).toMatchObject({ disabled: true, updated_at: iso(10) });

    for (const id of ["s1", "s2"]) await seedSession(sql, { id, userId: "u2", at: T0 });
    await seedSession(sql, { id: "s3", userId: "u1", at: T0 });
    expect(await users.deleteSessions("u2")).toBe(2);
    expect(await users.deleteSessions("u2")).toBe(0);
    await seedSession(sql, { id: "s4", userId: "u2", at: T0 });
    await users.delete("u2");
    expect(await users.find({ id: "u2" })).toBeUndefined();
    expect(await countOf(sql, "sessions", "WHERE user_id = ?", ["u2"])).toBe(0);
    expect(await countOf(sql, "accounts", "WHERE user_id = ?", ["u2"])).toBe(0);
    expect(await countOf(sql, "sessions")).toBe(1);
    expect(await users.count()).toBe(2);
  });

  it("keeps API keys by hash, lists, revokes and touches them, and finds who is behind one", async () => {
    const { apiKeys } = h().storage;
    const key = (id: string, createdById: string, createdByType: string, seconds: number, expiresAt: Date | null = null) =>
      apiKeys.insert({ id, name: `key ${id}`, role: "editor", prefix: `sy_${id}`, hash: `hash-${id}`, createdById, createdByType, at: at(seconds), expiresAt });
    await key("k1", "u1", "user", 0, at(3600));
    await key("k2", "k1", "api_key", 1);
    await key("k3", "k2", "api_key", 2);
    await key("K0", "u2", "user", 2);
    await key("k4", "gone", "api_key", 3);

    const k1 = {
      id: "k1", name: "key k1", role: "editor", prefix: "sy_k1", created_by_id: "u1", created_by_type: "user",
      created_at: iso(0), expires_at: iso(3600), last_used_at: null, revoked_at: null,
    };
    expect(await apiKeys.find("k1")).toEqual(k1);
    expect(await apiKeys.findByHash("hash-k1")).toEqual(k1);
    expect(await apiKeys.find("nope")).toBeUndefined();
    expect(await apiKeys.findByHash("nope")).toBeUndefined();
    // Newest first, ties by id.
    expect((await apiKeys.list()).map((k) => k.id)).toEqual(["k4", "K0", "k3", "k2", "k1"]);
    expect((await apiKeys.list("k1")).map((k) => k.id)).toEqual(["k2"]);
    expect(await apiKeys.owner({ created_by_id: "k2", created_by_type: "api_key" })).toBe("u1");
    expect(await apiKeys.owner({ created_by_id: "u2", created_by_type: "user" })).toBe("u2");
    expect(await apiKeys.owner({ created_by_id: "gone", created_by_type: "api_key" })).toBe("gone");

    expect(await apiKeys.revoke("k2", at(10))).toBe(true);
    expect(await apiKeys.revoke("k2", at(11))).toBe(false);
    expect(await apiKeys.revoke("nope", at(11))).toBe(false);
    expect((await apiKeys.find("k2"))?.revoked_at).toBe(iso(10));
    expect((await apiKeys.list()).find((k) => k.id === "k2")?.revoked_at).toBe(iso(10));
    await key("k5", "k1", "api_key", 20);
    expect((await apiKeys.liveCreatedBy("k1")).map((k) => k.id)).toEqual(["k5"]);
    expect(await apiKeys.liveCreatedBy("nobody")).toEqual([]);

    await apiKeys.touch("k1", at(30));
    expect((await apiKeys.find("k1"))?.last_used_at).toBe(iso(30));
    // A hash names one key.
    await expect(apiKeys.insert({ id: "k7", name: "dup", role: "viewer", prefix: "p", hash: "hash-k1", createdById: "u1", createdByType: "user", at: at(41), expiresAt: null })).rejects.toThrow();
  });

  it("counts failed sign-ins per key since a time, clears and prunes them", async () => {
    const { loginFailures } = h().storage;
    expect(await loginFailures.since("ip:1", at(0))).toEqual({ count: 0, oldest: null });
    await loginFailures.record(["ip:1", "email:a@example.com"], at(10));
    await loginFailures.record(["ip:1"], at(20));
    await loginFailures.record([], at(25));
    await loginFailures.record(["ip:1"], at(30));
    expect(await loginFailures.since("ip:1", at(0))).toEqual({ count: 3, oldest: iso(10) });
    // Strictly after `since`.
    expect(await loginFailures.since("ip:1", at(10))).toEqual({ count: 2, oldest: iso(20) });
    expect(await loginFailures.since("email:a@example.com", at(0))).toEqual({ count: 1, oldest: iso(10) });

    // Up to and including `before`.
    await loginFailures.prune(at(20));
    expect(await loginFailures.since("ip:1", at(0))).toEqual({ count: 1, oldest: iso(30) });
    expect(await loginFailures.since("email:a@example.com", at(0))).toEqual({ count: 0, oldest: null });
    await loginFailures.clear("ip:1");
    expect(await loginFailures.since("ip:1", at(0))).toEqual({ count: 0, oldest: null });
  });
}
