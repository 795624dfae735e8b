import { describe, expect, it } from "vitest";
import { checkToolParams } from "./check-tool-params";
import { fakeTools } from "./fake-tools";

const fetchTool = fakeTools.get("fetch")!;
const paths = (params: Record<string, unknown>) => checkToolParams(fetchTool, params).map((p) => p.path);

describe("checkToolParams", () => {
  it("accepts params that satisfy the schema", () => {
    expect(paths({ method: "GET", url: "https://example.com" })).toEqual([]);
  });

  it("reports a required param that is missing", () => {
    expect(paths({ method: "GET" })).toEqual([["url"]]);
  });

  it("reports literal values no rendering can change", () => {
    expect(paths({ method: "FETCH", url: 5 })).toEqual([["method"], ["url"]]);
    expect(paths({ method: "GET", url: "x", headers: { accept: 1 } })).toEqual([["headers", "accept"]]);
  });

  it("does not judge strings that hold placeholders or escaped braces", () => {
    expect(paths({ method: "{verb}", url: "{base}/items" })).toEqual([]);
    expect(paths({ method: "{{GET}}", url: "x" })).toEqual([]);
    expect(paths({ method: "GET", url: "x", headers: "{headers}" })).toEqual([]);
  });

  it("still reports a missing param beside templated ones", () => {
    expect(paths({ url: "{base}" })).toEqual([["method"]]);
  });
});
