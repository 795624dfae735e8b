import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { open, seal } from "./cipher";
import { KEY_FILE_NAME, loadSecretKey, SecretKeyError } from "./key";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "switchyard-key-"));

describe("secret key", () => {
  it("generates a key file once, mode 0600, and reads the same key afterwards", () => {
    const dir = path.join(tmp(), "data");
    const first = loadSecretKey({ dataDir: dir });
    const file = path.join(dir, KEY_FILE_NAME);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64").equals(first)).toBe(true);
  });

  it("prefers SWITCHYARD_SECRET_KEY and writes no file", () => {
    const dir = tmp();
    const env = Buffer.alloc(32, 7).toString("base64");
    expect(loadSecretKey({ envKey: env, dataDir: dir }).equals(Buffer.alloc(32, 7))).toBe(true);
    expect(() => statSync(path.join(dir, KEY_FILE_NAME))).toThrow();
  });

  it("refuses a key that is not base64 of 32 bytes, with a clear message", () => {
    expect(() => loadSecretKey({ envKey: Buffer.alloc(16).toString("base64"), dataDir: tmp() })).toThrow(SecretKeyError);
    expect(() => loadSecretKey({ envKey: "not base64!", dataDir: tmp() })).toThrow(/SWITCHYARD_SECRET_KEY must be the base64 encoding of exactly 32/);
  });
});

describe("AES-256-GCM sealing", () => {
  const key = Buffer.alloc(32, 1);

  it("round-trips, with a fresh IV per seal and no plaintext in the ciphertext", () => {
    const a = seal(key, "hunter2-très-secret", "API_KEY");
    const b = seal(key, "hunter2-très-secret", "API_KEY");
    expect(open(key, a, "API_KEY")).toBe("hunter2-très-secret");
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.toString("utf8")).not.toContain("hunter2");
    expect(a.authTag).toHaveLength(16);
  });

  it("fails with the wrong key, the wrong name, or tampered bytes", () => {
    const s = seal(key, "value", "A");
    expect(() => open(Buffer.alloc(32, 2), s, "A")).toThrow();
    expect(() => open(key, s, "B")).toThrow();
    const tampered = { ...s, ciphertext: Buffer.from(s.ciphertext.map((x, i) => (i === 0 ? x ^ 1 : x))) };
    expect(() => open(key, tampered, "A")).toThrow();
  });
});
