import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { parseJsonBody } from "./body";

const schema = z.object({ name: z.string(), items: z.array(z.object({ n: z.number() })).optional() });
const post = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://x/api", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("parseJsonBody", () => {
  it("parses a valid body", async () => {
    expect(await parseJsonBody(post('{"name":"a","items":[{"n":1}]}'), schema)).toEqual({ name: "a", items: [{ n: 1 }] });
  });

  it("answers invalid_json for malformed or empty JSON", async () => {
    expect((await failure(parseJsonBody(post("{nope"), schema))).code).toBe("invalid_json");
    expect((await failure(parseJsonBody(post(null), schema))).code).toBe("invalid_json");
  });

  it("takes a body only as JSON: 415 for text/plain (what a cross-site form sends) or no type", async () => {
    for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }, {}] as Record<string, string>[]) {
      const err = await failure(parseJsonBody(post('{"name":"a"}', headers), schema));
      expect([err.code, err.status]).toEqual(["unsupported_media_type", 415]);
    }
    expect(await parseJsonBody(post('{"name":"a"}', { "content-type": "application/json; charset=utf-8" }), schema)).toEqual({ name: "a" });
    expect(await parseJsonBody(post('{"name":"a"}', { "content-type": "application/merge-patch+json" }), schema)).toEqual({ name: "a" });
    // No body at all needs no type.
    expect(await parseJsonBody(post(null, {}), z.object({}), { emptyAs: {} })).toEqual({});
  });

  it("uses emptyAs for an empty body when allowed", async () => {
    expect(await parseJsonBody(post(""), z.object({ a: z.number().optional() }), { emptyAs: {} })).toEqual({});
  });

  it("names the paths of shape errors", async () => {
    const err = await failure(parseJsonBody(post('{"name":1,"items":[{"n":"x"}]}'), schema));
    expect(err.code).toBe("invalid_body");
    expect(err.status).toBe(400);
    const issues = (err.details as { issues: { path: string }[] }).issues;
    expect(issues.map((i) => i.path).sort()).toEqual(["items.0.n", "name"]);
  });

  it("refuses nesting past the depth limit and __proto__ keys, naming the path", async () => {
    const loose = z.object({ input: z.record(z.string(), z.unknown()) });
    const deep = await failure(parseJsonBody(post(`{"input":{"a":${"[".repeat(50_000)}${"]".repeat(50_000)}}}`), loose));
    expect(deep.code).toBe("invalid_body");
    const [issue] = (deep.details as { issues: { path: string; message: string }[] }).issues;
    expect(issue.message).toBe("nested deeper than 128 levels");
    expect(issue.path.startsWith("input.a.0.0.")).toBe(true);
    const proto = await failure(parseJsonBody(post('{"input":{"__proto__":{"admin":true}}}'), loose));
    expect((proto.details as { issues: unknown[] }).issues).toEqual([{ path: "input.__proto__", message: 'the key "__proto__" is not allowed' }]);
  });

  it("refuses a declared oversized body without reading it", async () => {
    const err = await failure(parseJsonBody(post("{}", { "content-length": "5000000" }), schema, { maxBytes: 1000 }));
    expect(err.code).toBe("payload_too_large");
    expect(err.status).toBe(413);
  });

  it("stops reading a streamed body at the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const err = await failure(parseJsonBody(post(stream), schema, { maxBytes: 10 * 1024 }));
    expect(err.code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(20);
  });
});
