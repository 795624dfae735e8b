import { describe, expect, it } from "vitest";
import { graph, merge, tool, condition, loop } from "../testing/harness";
import { planFor } from "./plan";
import { restoreScheduling, routeSettled, type Scheduling } from "./routing";

const fresh = (): Scheduling => ({ exec_counts: {}, marks: {}, node_executions: 0, elapsed_ms: 0 });

describe("routeSettled (pure)", () => {
  it("queues one execution per fired edge with increasing n", () => {
    const plan = planFor(graph([tool("a", "set"), tool("b", "set"), tool("c", "set")], "a>c", "b>c"));
    const meta = fresh();
    expect(routeSettled(plan, meta, "a", null).queued).toEqual([{ node_id: "c", n: 1, edge_id: "e1" }]);
    expect(routeSettled(plan, meta, "b", null).queued).toEqual([{ node_id: "c", n: 2, edge_id: "e2" }]);
  });

  it("holds a merge until every forward edge is marked, then queues it once", () => {
    const plan = planFor(graph([tool("a", "set"), tool("b", "set"), merge("m")], "a>m", "b>m"));
    const meta = fresh();
    expect(routeSettled(plan, meta, "a", null)).toEqual({ queued: [], skipped: [] });
    expect(meta.marks).toEqual({ m: { e1: "fired" } });
    expect(routeSettled(plan, meta, "b", null).queued).toEqual([{ node_id: "m", n: 1 }]);
    expect(meta.marks).toEqual({});
  });

  it("kills untaken branches and propagates through skipped nodes into a merge", () => {
    const plan = planFor(graph([condition("c", "x"), tool("t", "set"), tool("f1", "set"), tool("f2", "set"), merge("m")], "c>t:true", "c>f1:false", "f1>f2", "t>m", "f2>m"));
    const meta = fresh();
    const r = routeSettled(plan, meta, "c", true);
    expect(r.queued).toEqual([{ node_id: "t", n: 1, edge_id: "e1" }]);
    expect(r.skipped).toEqual(["f1", "f2"]);
    expect(meta.marks).toEqual({ m: { e5: "dead" } });
    expect(routeSettled(plan, meta, "t", null).queued).toEqual([{ node_id: "m", n: 1 }]);
  });

  it("a continuing loop leaves its exit undecided; its final false kills the body path", () => {
    const plan = planFor(graph([tool("s", "set"), loop("lp", "true"), tool("body", "set"), tool("exit", "set")], "s>lp", "lp>body:true", "body>lp", "lp>exit:false"));
    const meta = fresh();
    expect(routeSettled(plan, meta, "lp", true)).toEqual({ queued: [{ node_id: "body", n: 1, edge_id: "e2" }], skipped: [] });
    expect(routeSettled(plan, meta, "lp", false)).toEqual({ queued: [{ node_id: "exit", n: 1, edge_id: "e4" }], skipped: ["body"] });
  });

  it("restores execution counts from completed and queue", () => {
    const meta = restoreScheduling({ marks: {}, node_executions: 5, elapsed_ms: 0 }, ["a", "b", "a"], [{ node_id: "a", n: 3 }, { node_id: "c", n: 1 }]);
    expect(meta.exec_counts).toEqual({ a: 3, b: 1, c: 1 });
  });
});
