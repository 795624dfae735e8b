import { describe, expect, it } from "vitest";
import { redactSecrets, redactText } from "./redact";

describe("redaction", () => {
  const used = { TOKEN: "s3cr3t-value", SHORT: "ab" };

  it("replaces every occurrence of each used value in text", () => {
    expect(redactText("auth s3cr3t-value and s3cr3t-value", used)).toBe("auth [secret:TOKEN] and [secret:TOKEN]");
    expect(redactText("nothing here", used)).toBe("nothing here");
  });

  it("replaces the longest value first, so one secret inside another never half-leaks", () => {
    expect(redactText("xx-long-secret-xx", { OUTER: "long-secret", INNER: "secret" })).toBe("xx-[secret:OUTER]-xx");
  });

  it("catches JSON-escaped and URL-encoded forms", () => {
    const quoted = { Q: 'a"b/c d' };
    expect(redactText(JSON.stringify({ v: 'a"b/c d' }), quoted)).toBe('{"v":"[secret:Q]"}');
    expect(redactText(`https://h/?k=${encodeURIComponent('a"b/c d')}`, quoted)).toBe("https://h/?k=[secret:Q]");
  });

  it("walks objects and arrays, keys included, without mutating the input", () => {
    const value = { status: 500, headers: { "x-echo": "Bearer s3cr3t-value" }, body: ["s3cr3t-value", 1, null, true], "s3cr3t-value": 1 };
    const out = redactSecrets(value, used);
    expect(out).toEqual({ status: 500, headers: { "x-echo": "Bearer [secret:TOKEN]" }, body: ["[secret:TOKEN]", 1, null, true], "[secret:TOKEN]": 1 });
    expect(value.headers["x-echo"]).toBe("Bearer s3cr3t-value");
  });

  it("leaves everything alone when no secret was used", () => {
    const value = { a: "ab" };
    expect(redactSecrets(value, {})).toBe(value);
  });
});
