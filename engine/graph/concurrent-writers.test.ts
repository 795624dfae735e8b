import { describe, expect, it } from "vitest";
import { CONCURRENT_WRITES_MAX_BITS, concurrentWriters } from "./concurrent-writers";
import { buildGraphIndex } from "./build-graph-index";
import { graphFixture } from "./graph-fixture";

const writes = (key: string) => ({ model: "mock", output_key: key });

describe("concurrentWriters", () => {
  it("reports parallel branches that write one key", () => {
    const g = graphFixture("s a b m:merge", "s>a s>b a>m b>m", { a: writes("out"), b: writes("out") });
    expect(concurrentWriters(g)).toEqual([{ key: "out", a: "a", b: "b" }]);
  });

  it("ignores writers ordered by a path, including through a loop", () => {
    const chain = graphFixture("a b c", "a>b b>c", { a: writes("x"), c: writes("x") });
    expect(concurrentWriters(chain)).toEqual([]);
    const loop = graphFixture("s body l:loop", "s>body body>l l>body:true", { s: writes("x"), body: writes("x") });
    expect(concurrentWriters(loop)).toEqual([]);
  });

  it("ignores opposite branches of a condition", () => {
    const g = graphFixture("s c:condition a b", "s>c c>a:true c>b:false", { a: writes("reply"), b: writes("reply") });
    expect(concurrentWriters(g)).toEqual([]);
  });

  it("counts tool nodes and the node-id default", () => {
    const g = graphFixture("a t:tool", "", { t: { tool: "set", output_key: "a" } });
    expect(concurrentWriters(g)).toEqual([{ key: "a", a: "a", b: "t" }]);
  });

  it("stops at the limit", () => {
    const ids = Array.from({ length: 30 }, (_, i) => `n${i}`);
    const g = graphFixture(ids.join(" "), "", Object.fromEntries(ids.map((id) => [id, writes("same")])));
    expect(concurrentWriters(g, buildGraphIndex(g), 7)).toHaveLength(7);
  });

  it("finds pairs across bitset words and skips ordered ones", () => {
    const ids = Array.from({ length: 40 }, (_, i) => `n${i}`);
    const g = graphFixture(["s", ...ids].join(" "), ids.map((id) => `s>${id}`).join(" ") + " n3>n37", Object.fromEntries(ids.map((id) => [id, writes("k")])));
    const pairs = concurrentWriters(g, buildGraphIndex(g), 10_000);
    expect(pairs).toHaveLength((40 * 39) / 2 - 1);
    expect(pairs).toContainEqual({ key: "k", a: "n0", b: "n39" });
    expect(pairs).not.toContainEqual({ key: "k", a: "n3", b: "n37" });
  });

  it("handles 2,000 writers of one key in a chain declared backwards", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `n${i}`);
    const edges = ids.slice(1).map((id, i) => `${id}>${ids[i]}`).join(" ");
    const g = graphFixture(ids.join(" "), edges, Object.fromEntries(ids.map((id) => [id, writes("same")])));
    expect(concurrentWriters(g)).toEqual([]);
  });

  it("skips graphs past the size limit", () => {
    const ids = Array.from({ length: 9000 }, (_, i) => `n${i}`);
    const g = graphFixture(ids.join(" "), "", Object.fromEntries(ids.map((id) => [id, writes("same")])));
    expect(9000 * 9000).toBeGreaterThan(CONCURRENT_WRITES_MAX_BITS);
    expect(concurrentWriters(g)).toEqual([]);
  });

  it("handles 2,000 writers of one key in a chain", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `n${i}`);
    const edges = ids.slice(1).map((id, i) => `${ids[i]}>${id}`).join(" ");
    const g = graphFixture(ids.join(" "), edges, Object.fromEntries(ids.map((id) => [id, writes("same")])));
    expect(concurrentWriters(g)).toEqual([]);
  });
});
