import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateHookSecret, MAX_SKEW_SECONDS, signHookBody, verifyHookRequest } from "./hook-signature";

const SECRET = "whsec_test-secret";
const NOW = 1_800_000_000_000;
const TS = String(NOW / 1000);
const body = Buffer.from(JSON.stringify({ ticket: "T-1" }));

const headers = (h: Record<string, string>) => new Headers(h);
const signed = (ts = TS, payload: Uint8Array = body, secret = SECRET) => headers({ "x-switchyard-timestamp": ts, "x-switchyard-signature": signHookBody(secret, ts, payload) });

describe("webhook signatures", () => {
  it("signs HMAC-SHA256 of `<timestamp>.<body>` in hex", () => {
    const mac = createHmac("sha256", SECRET).update(`${TS}.${body.toString()}`).digest("hex");
    expect(signHookBody(SECRET, TS, body)).toBe(`sha256=${mac}`);
  });

  it("accepts a valid signature, and one within the allowed skew either way", () => {
    expect(verifyHookRequest({ secret: SECRET, headers: signed(), body, now: NOW })).toEqual({ ok: true, method: "signature" });
    for (const delta of [-MAX_SKEW_SECONDS, MAX_SKEW_SECONDS]) {
      const ts = String(NOW / 1000 + delta);
      expect(verifyHookRequest({ secret: SECRET, headers: signed(ts), body, now: NOW }).ok).toBe(true);
    }
  });

  it("refuses a signature made with another secret", () => {
    const res = verifyHookRequest({ secret: SECRET, headers: signed(TS, body, "whsec_other"), body, now: NOW });
    expect(res).toEqual({ ok: false, reason: expect.stringContaining("does not match") });
  });

  it("refuses a tampered body", () => {
    const tampered = Buffer.from(JSON.stringify({ ticket: "T-2" }));
    expect(verifyHookRequest({ secret: SECRET, headers: signed(), body: tampered, now: NOW }).ok).toBe(false);
  });

  it("refuses a timestamp older or newer than five minutes, even correctly signed", () => {
    for (const delta of [-(MAX_SKEW_SECONDS + 1), MAX_SKEW_SECONDS + 1]) {
      const res = verifyHookRequest({ secret: SECRET, headers: signed(String(NOW / 1000 + delta)), body, now: NOW });
      expect(res).toEqual({ ok: false, reason: expect.stringContaining("300 seconds") });
    }
  });

  it("refuses a signature whose timestamp was changed after signing", () => {
    const h = signed();
    h.set("x-switchyard-timestamp", String(NOW / 1000 + 1));
    expect(verifyHookRequest({ secret: SECRET, headers: h, body, now: NOW }).ok).toBe(false);
  });

  it.each([
    ["no timestamp", { "x-switchyard-signature": signHookBody(SECRET, TS, body) }, "needs the x-switchyard-timestamp"],
    ["a timestamp that is not seconds", { "x-switchyard-timestamp": "yesterday", "x-switchyard-signature": signHookBody(SECRET, TS, body) }, "unix seconds"],
    ["no sha256= prefix", { "x-switchyard-timestamp": TS, "x-switchyard-signature": signHookBody(SECRET, TS, body).slice(7) }, "sha256=<64 hex digits>"],
    ["a short digest", { "x-switchyard-timestamp": TS, "x-switchyard-signature": "sha256=abcd" }, "sha256=<64 hex digits>"],
    ["no credential at all", {}, "send x-switchyard-signature"],
  ])("refuses a malformed call: %s", (_name, h, reason) => {
    expect(verifyHookRequest({ secret: SECRET, headers: headers(h), body, now: NOW })).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it("accepts the secret header when it matches, and refuses any other value", () => {
    expect(verifyHookRequest({ secret: SECRET, headers: headers({ "x-switchyard-hook-secret": SECRET }), body, now: NOW })).toEqual({ ok: true, method: "secret" });
    for (const wrong of ["", "whsec_", `${SECRET}x`, SECRET.toUpperCase()]) {
      expect(verifyHookRequest({ secret: SECRET, headers: headers({ "x-switchyard-hook-secret": wrong }), body, now: NOW }).ok).toBe(false);
    }
  });

  it("never names the secret in a refusal", () => {
    const res = verifyHookRequest({ secret: SECRET, headers: headers({ "x-switchyard-hook-secret": "nope" }), body, now: NOW });
    expect(JSON.stringify(res)).not.toContain(SECRET);
  });

  it("makes distinct whsec_ secrets of 32 random bytes", () => {
    const a = generateHookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateHookSecret()).not.toBe(a);
  });
});
