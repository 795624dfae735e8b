import { describe, expect, it } from "vitest";
import { agent, graph, tool } from "../testing/harness";
import { builtinTools, createToolRegistry } from "../tools/registry";
import { validateGraph } from ".";

const tools = createToolRegistry(builtinTools());
const check = (g: ReturnType<typeof graph>, secretNames?: Set<string>) => validateGraph(g, { tools, knownModel: () => true, secretNames });
const codes = (r: ReturnType<typeof check>) => r.errors.map((e) => e.code);

describe("secret placeholders in validation", () => {
  const http = (params: Record<string, unknown>) => tool("h", "http_request", { method: "GET", url: "https://api.example.com", ...params });

  it("accepts {secrets.NAME} in the url, headers and body of http_request", () => {
    const g = graph([http({ url: "https://x/{secrets.A}", headers: { authorization: "Bearer {secrets.B}" }, body: { k: ["{secrets.C}"] } })]);
    expect(check(g, new Set(["A", "B", "C"])).errors).toEqual([]);
    expect(check(g).errors).toEqual([]);
  });

  it("refuses secrets anywhere else, with the path of the offending field", () => {
    const g = graph([agent("a", { user_message: "key {secrets.A}" }), tool("s", "set", { v: "{secrets.A}" }), http({ method: "{secrets.A}" })]);
    const r = check(g, new Set(["A"]));
    expect(codes(r)).toEqual(["secret_outside_http", "secret_outside_http", "secret_outside_http"]);
    expect(r.errors[0]).toMatchObject({ node_id: "a", path: ["nodes", 0, "config", "user_message"] });
    expect(r.errors[1]).toMatchObject({ node_id: "s", path: ["nodes", 1, "config", "params", "v"] });
    expect(r.errors[0].message).toContain("{secrets.A}");
  });

  it("names an unknown secret only when the set of secrets is known", () => {
    const g = graph([http({ headers: { "x-key": "{secrets.MISSING}" } })]);
    expect(codes(check(g, new Set(["OTHER"])))).toEqual(["unknown_secret"]);
    expect(check(g, new Set(["OTHER"])).errors[0].message).toContain('"MISSING"');
    expect(codes(check(g))).toEqual([]);
  });

  it("refuses malformed references", () => {
    const g = graph([http({ headers: { a: "{secrets}", b: "{secrets.lower}", c: "{secrets.A.b}" } })]);
    expect(codes(check(g, new Set(["A"])))).toEqual(["invalid_secret_reference", "invalid_secret_reference", "invalid_secret_reference"]);
  });

  it("ignores escaped braces", () => {
    expect(codes(check(graph([agent("a", { user_message: "{{secrets.A}}" })])))).toEqual([]);
  });
});
