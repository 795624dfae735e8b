import { describe, expect, it } from "vitest";
import { graphFixture } from "../graph/graph-fixture";
import { parseGraph, storedGraphSchema } from "../graph/schema";
import type { Graph } from "../graph/schema";
import { fakeTools } from "./fake-tools";
import { hasErrors, validateGraph, type ValidationCode, type ValidationResult } from "./index";

const ctx = { tools: fakeTools, knownModel: (m: string) => m === "mock" };
const validate = (g: Graph) => validateGraph(g, ctx);

/** The one code a graph raises, with the ids of every issue carrying it. */
function only(result: ValidationResult) {
  const all = [...result.errors, ...result.warnings];
  expect(new Set(all.map((i) => i.code)).size).toBe(1);
  return all;
}

function expectOnly(result: ValidationResult, code: ValidationCode, severity: "errors" | "warnings") {
  const issues = only(result);
  expect(issues[0].code).toBe(code);
  expect(result[severity]).toHaveLength(issues.length);
  expect(hasErrors(result)).toBe(severity === "errors");
  return issues;
}

describe("validateGraph errors", () => {
  it("empty_graph", () => {
    const [issue] = expectOnly(validate({ nodes: [], edges: [] }), "empty_graph", "errors");
    expect(issue.message).toMatch(/no nodes/);
  });

  it("no_start_node", () => {
    const g = graphFixture("l:loop b c", "l>b:true b>l l>c:false");
    expectOnly(validate(g), "no_start_node", "errors");
  });

  it("duplicate_node_id", () => {
    const g = graphFixture("a b");
    g.nodes.push({ ...g.nodes[1] });
    const [issue] = expectOnly(validate(g), "duplicate_node_id", "errors");
    expect(issue).toMatchObject({ node_id: "b", path: ["nodes", 2] });
    expect(issue.message).toContain('"b"');
  });

  it("duplicate_edge_id", () => {
    const [issue] = expectOnly(validate(graphFixture("a b c", "a>b#x b>c#x")), "duplicate_edge_id", "errors");
    expect(issue).toMatchObject({ edge_id: "x", path: ["edges", 1] });
  });

  it("dangling_edge names the missing end", () => {
    const issues = expectOnly(validate(graphFixture("a b", "a>b a>ghost#e2 nowhere>b#e3")), "dangling_edge", "errors");
    expect(issues.map((i) => i.edge_id)).toEqual(["e2", "e3"]);
    expect(issues[0].message).toContain('target "ghost"');
    expect(issues[1].message).toContain('source "nowhere"');
  });

  it("unknown_tool", () => {
    const [issue] = expectOnly(validate(graphFixture("t:tool", "", { t: { tool: "nope" } })), "unknown_tool", "errors");
    expect(issue).toMatchObject({ node_id: "t", path: ["nodes", 0, "config", "tool"] });
    expect(issue.message).toContain('"nope"');
  });

  it("invalid_expression carries the parser's message and position", () => {
    const g = graphFixture("a c:condition", "a>c", { c: { expression: "x == (1 +" } });
    const [issue] = expectOnly(validate(g), "invalid_expression", "errors");
    expect(issue).toMatchObject({ node_id: "c", path: ["nodes", 1, "config", "expression"] });
    expect(issue.message).toMatch(/^Node "c" has an invalid expression: Unexpected end of expression at column \d+$/);
  });

  it("cycle_without_loop lists the cycle's nodes", () => {
    const [issue] = expectOnly(validate(graphFixture("s a b", "s>a a>b b>a")), "cycle_without_loop", "errors");
    expect(issue).toMatchObject({ node_id: "a", node_ids: ["a", "b"] });
    expect(issue.message).toContain("a → b → a");
  });

  it("loop_max_iterations", () => {
    const g = graphFixture("s l:loop x y", "s>l l>x:true x>l l>y:false", { l: { expression: "true", max_iterations: 1001 } });
    const [issue] = expectOnly(validate(g), "loop_max_iterations", "errors");
    expect(issue).toMatchObject({ node_id: "l", path: ["nodes", 1, "config", "max_iterations"] });
  });

  it("invalid_tool_params points at the param", () => {
    const g = graphFixture("t:tool", "", { t: { tool: "fetch", params: { method: "GET" } } });
    const [issue] = expectOnly(validate(g), "invalid_tool_params", "errors");
    expect(issue).toMatchObject({ node_id: "t", path: ["nodes", 0, "config", "params", "url"] });
    expect(issue.message).toContain("url");
  });

  it("gate_field_options", () => {
    const g = graphFixture("h:human_gate", "", { h: { prompt: "ok?", fields: [{ name: "choice", type: "select" }] } });
    const [issue] = expectOnly(validate(g), "gate_field_options", "errors");
    expect(issue).toMatchObject({ node_id: "h", path: ["nodes", 0, "config", "fields", 0] });
  });

  it("duplicate_gate_field", () => {
    const fields = [{ name: "note", type: "text" }, { name: "note", type: "textarea" }];
    const [issue] = expectOnly(validate(graphFixture("h:human_gate", "", { h: { fields } })), "duplicate_gate_field", "errors");
    expect(issue).toMatchObject({ node_id: "h", path: ["nodes", 0, "config", "fields", 1] });
  });
});

describe("reserved_state_key", () => {
  it.each(["prototype", "__loop_l", "__x"])("refuses a node whose output key (its id) is %s", (id) => {
    const [issue] = expectOnly(validate(graphFixture(`${id}:tool`, "", { [id]: { tool: "set", params: {} } })), "reserved_state_key", "errors");
    expect(issue).toMatchObject({ node_id: id, path: ["nodes", 0, "id"] });
    expect(issue.message).toContain(`writes its result to "${id}"`);
  });

  it("points at an explicit output key, and at a reviewer field's name", () => {
    const [out] = expectOnly(validate(graphFixture("a", "", { a: { model: "mock", output_key: "constructor" } })), "reserved_state_key", "errors");
    expect(out.path).toEqual(["nodes", 0, "config", "output_key"]);
    const fields = [{ name: "note", type: "text" }, { name: "__approved", type: "text" }];
    const [field] = expectOnly(validate(graphFixture("h:human_gate", "", { h: { fields } })), "reserved_state_key", "errors");
    expect(field).toMatchObject({ node_id: "h", path: ["nodes", 0, "config", "fields", 1, "name"] });
    expect(field.message).toContain('a field named "__approved"');
  });

  it("the schema refuses ids and field names every object has; a stored graph with them reads, and cannot run", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      const input = { nodes: [{ id: name, type: "agent", config: { model: "mock", output_key: "out" } }, { id: "h", type: "human_gate", config: { fields: [{ name, type: "text" }] } }], edges: [{ id: name, source: name, target: "h" }] };
      const parsed = parseGraph(input);
      expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["nodes.0.id", "nodes.1.config.fields.0.name", "edges.0.id", "edges.0.source"]);
      const stored = storedGraphSchema.parse(input);
      const errors = validate(stored).errors.filter((e) => e.code === "reserved_name");
      expect(errors.map((e) => e.path)).toEqual([["nodes", 0, "id"], ["nodes", 1, "config", "fields", 0, "name"], ["edges", 0, "id"]]);
      expect(errors[0].message).toBe(`A node is named "${name}", a name every JavaScript object already has, which the engine cannot keep apart from its own. Delete it and add it again.`);
    }
  });
});

describe("validateGraph warnings", () => {
  it("unknown_model", () => {
    const [issue] = expectOnly(validate(graphFixture("a", "", { a: { model: "openai:nope" } })), "unknown_model", "warnings");
    expect(issue).toMatchObject({ node_id: "a" });
    expect(issue.message).toContain("openai:nope");
  });

  it("unlabelled_branch_edge", () => {
    const [issue] = expectOnly(validate(graphFixture("c:condition a b", "c>a:true c>b")), "unlabelled_branch_edge", "warnings");
    expect(issue).toMatchObject({ edge_id: "e2", node_id: "c" });
  });

  it("branch_edge_value", () => {
    const [issue] = expectOnly(validate(graphFixture("c:condition a b", "c>a:true c>b:yes")), "branch_edge_value", "warnings");
    expect(issue).toMatchObject({ edge_id: "e2" });
    expect(issue.message).toContain('"yes"');
  });

  it("multiple_incoming", () => {
    const [issue] = expectOnly(validate(graphFixture("a b c", "a>c b>c")), "multiple_incoming", "warnings");
    expect(issue).toMatchObject({ node_id: "c" });
  });

  it("concurrent_write", () => {
    const out = { model: "mock", output_key: "draft" };
    const g = graphFixture("s a b m:merge", "s>a s>b a>m b>m", { a: out, b: out });
    const [issue] = expectOnly(validate(g), "concurrent_write", "warnings");
    expect(issue).toMatchObject({ node_id: "b", node_ids: ["a", "b"] });
    expect(issue.message).toContain('"draft"');
  });

  it("unreachable_node", () => {
    const issues = expectOnly(validate(graphFixture("a l:loop x y", "l>x:true x>l l>y:false")), "unreachable_node", "warnings");
    expect(issues.map((i) => i.node_id)).toEqual(["l", "x", "y"]);
  });

  it("self_loop_edge", () => {
    const [issue] = expectOnly(validate(graphFixture("s l:loop e", "s>l l>l:true l>e:false")), "self_loop_edge", "warnings");
    expect(issue).toMatchObject({ edge_id: "e2", node_id: "l" });
  });

  it("loop_without_exit", () => {
    const [issue] = expectOnly(validate(graphFixture("s l:loop b", "s>l l>b:true b>l")), "loop_without_exit", "warnings");
    expect(issue).toMatchObject({ node_id: "l" });
  });
});

describe("validateGraph on sound graphs", () => {
  it("accepts the SPEC example shape with a condition, labels and a merge", () => {
    const g = graphFixture(
      "classify c:condition draft esc:tool m:merge",
      "classify>c c>draft:TRUE c>esc:false draft>m esc>m",
      { c: { expression: "category == 'billing' and len(ticket) > 0" }, esc: { tool: "fetch", params: { method: "{verb}", url: "{base}/escalate" } } },
    );
    expect(validate(g)).toEqual({ errors: [], warnings: [] });
  });
});
