import { describe, expect, it } from "vitest";
import { graphFixture } from "../graph/graph-fixture";
import { parseGraph } from "../graph/schema";
import { fakeTools } from "./fake-tools";
import { validateGraph } from "./index";

const ctx = { tools: fakeTools, knownModel: (m: string) => m === "mock" };
/** The errors of a graph that is one human gate with this config. */
const errorsOf = (config: Record<string, unknown>) => validateGraph(graphFixture("h:human_gate", "", { h: { prompt: "ok?", ...config } }), ctx).errors;

describe("human gate approvers (validation)", () => {
  it("accepts the defaults and every well-formed setting", () => {
    expect(errorsOf({})).toEqual([]);
    expect(errorsOf({ approvers: { roles: ["viewer", "editor", "approver", "admin"], users: ["Ops@Example.com"] }, required_approvals: 20, allow_self_approval: true })).toEqual([]);
    expect(errorsOf({ approvers: { users: ["a@example.com", "b@example.com"] }, required_approvals: 2 })).toEqual([]);
  });

  it.each([0, 21, 1.5, -1])("refuses required_approvals %s: a whole number from 1 to 20", (n) => {
    const [issue, ...rest] = errorsOf({ required_approvals: n });
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ code: "gate_required_approvals", node_id: "h", path: ["nodes", 0, "config", "required_approvals"] });
    expect(issue.message).toContain(`asks for ${n} approvals`);
  });

  it("names a role that is not one of the four, and an email that is not one", () => {
    const errors = errorsOf({ approvers: { roles: ["approver", "owner"], users: ["ops@example.com", "bob", "a@b"] } });
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ["gate_approver_role", ["nodes", 0, "config", "approvers", "roles", 1]],
      ["gate_approver_email", ["nodes", 0, "config", "approvers", "users", 1]],
      ["gate_approver_email", ["nodes", 0, "config", "approvers", "users", 2]],
    ]);
    expect(errors[0].message).toBe('Human gate "h" names "owner" as an approver role; the roles are viewer, editor, approver and admin.');
  });

  it("refuses approvers naming nobody, and a quorum more than the named people", () => {
    expect(errorsOf({ approvers: { roles: [], users: [] } }).map((e) => e.code)).toEqual(["gate_no_approvers"]);
    const [issue] = errorsOf({ approvers: { users: ["a@example.com", "A@example.com"] }, required_approvals: 2 });
    expect(issue).toMatchObject({ code: "gate_quorum_unreachable", message: 'Human gate "h" needs 2 approvals but names only 1 person and no role.' });
    expect(errorsOf({ approvers: { roles: ["admin"], users: ["a@example.com"] }, required_approvals: 5 })).toEqual([]);
  });

  it("saves such values (the shape takes them) so unfinished work is kept", () => {
    const g = { nodes: [{ id: "h", type: "human_gate", config: { approvers: { roles: ["owner"], users: ["bob"] }, required_approvals: 0 } }], edges: [] };
    expect(parseGraph(g).success).toBe(true);
    expect(parseGraph({ ...g, nodes: [{ ...g.nodes[0], config: { required_approvals: "2" } }] }).success).toBe(false);
  });
});
