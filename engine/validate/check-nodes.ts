/**
 * Per-node checks of config the schema accepts but a run cannot use: tools, tool
 * params, expressions, loop caps, models and reviewer forms.
 */
import { z } from "zod";
import { ACTOR_ROLES, isPrototypeName, LOOP_HARD_CAP, MAX_REQUIRED_APPROVALS, type Graph, type GraphNode, type HumanGateNode } from "../graph/schema";
import { gatePolicy } from "../run/gate-approvers";
import { nodeOutputKey } from "../graph/output-key";
import { isForbiddenKey, isInternalKey } from "../template/plain-object";
import { parseExpression } from "../expression";
import type { ToolRegistry } from "../tools/types";
import { checkToolParams } from "./check-tool-params";
import type { Report } from "./issues";
import { nodeName } from "./names";

export interface ValidationContext {
  tools: ToolRegistry;
  /** Whether the price table knows a model; unknown models run at $0 cost. */
  knownModel: (model: string) => boolean;
  /** Names of the stored secrets; when absent, references to unknown secrets are not checked. */
  secretNames?: ReadonlySet<string>;
}

function checkGateFields(node: HumanGateNode, at: number, report: Report): void {
  const seen = new Set<string>();
  (node.config.fields ?? []).forEach((field, i) => {
    const path = ["nodes", at, "config", "fields", i];
    const where = { node_id: node.id, path };
    if (seen.has(field.name)) report("duplicate_gate_field", { node: nodeName(node, node.id), field: field.name }, where);
    seen.add(field.name);
    if (isPrototypeName(field.name)) report("reserved_name", { subject: `A field of human gate ${nodeName(node, node.id)}`, name: field.name, fix: "Rename it." }, { node_id: node.id, path: [...path, "name"] });
    else if (isReservedKey(field.name)) report("reserved_state_key", { node: nodeName(node, node.id), key: field.name, what: "reviewer field" }, { node_id: node.id, path: [...path, "name"] });
    if (field.type === "select" && !field.options?.length) {
      report("gate_field_options", { node: nodeName(node, node.id), field: field.name }, where);
    }
  });
}

/** Well-formed as the users API takes an email (zod's check), so a named person can exist. */
const EMAIL = z.email();

/** Who decides a gate: a whole count in range, known roles, real emails, and someone able to reach the count. */
function checkGateApprovers(node: HumanGateNode, at: number, report: Report): void {
  const { approvers, required_approvals } = node.config;
  const name = nodeName(node, node.id);
  const path = (...rest: (string | number)[]) => ["nodes", at, "config", ...rest];
  if (required_approvals !== undefined && !(Number.isInteger(required_approvals) && required_approvals >= 1 && required_approvals <= MAX_REQUIRED_APPROVALS)) {
    report("gate_required_approvals", { node: name, value: required_approvals, max: MAX_REQUIRED_APPROVALS }, { node_id: node.id, path: path("required_approvals") });
  }
  if (!approvers) return;
  approvers.roles?.forEach((role, i) => {
    if (!(ACTOR_ROLES as readonly string[]).includes(role)) report("gate_approver_role", { node: name, role, roles: ACTOR_ROLES }, { node_id: node.id, path: path("approvers", "roles", i) });
  });
  approvers.users?.forEach((email, i) => {
    if (!EMAIL.safeParse(email.trim()).success) report("gate_approver_email", { node: name, email }, { node_id: node.id, path: path("approvers", "users", i) });
  });
  if ((approvers.roles?.length ?? 0) + (approvers.users?.length ?? 0) === 0) {
    report("gate_no_approvers", { node: name }, { node_id: node.id, path: path("approvers") });
    return;
  }
  // With a role, how many people hold it is not the graph's to know; named people can be counted.
  const policy = gatePolicy(node.config);
  if (policy.roles.length === 0 && policy.users.length > 0 && policy.users.length < policy.required_approvals) {
    report("gate_quorum_unreachable", { node: name, required: policy.required_approvals, people: policy.users.length }, { node_id: node.id, path: path("required_approvals") });
  }
}

/**
 * A state key no template or expression can read: internal (`__…`, where the engine keeps
 * loop counters and approvals) or a prototype name. A node writing one would lose its result
 * (`__proto__`) or clobber the engine's own keys.
 */
const isReservedKey = (key: string) => isInternalKey(key) || isForbiddenKey(key);

function checkNode(node: GraphNode, at: number, ctx: ValidationContext, report: Report): void {
  const name = nodeName(node, node.id);
  const path = (...rest: (string | number)[]) => ["nodes", at, "config", ...rest];
  // Saved before the schema refused such ids: the graph still reads, and cannot run.
  if (isPrototypeName(node.id)) report("reserved_name", { subject: "A node", name: node.id, fix: "Delete it and add it again." }, { node_id: node.id, path: ["nodes", at, "id"] });
  const key = nodeOutputKey(node);
  if (key !== null && isReservedKey(key)) {
    const where = node.type !== "merge" && "output_key" in node.config && node.config.output_key !== undefined ? path("output_key") : ["nodes", at, "id"];
    report("reserved_state_key", { node: name, key, what: "output key" }, { node_id: node.id, path: where });
  }
  switch (node.type) {
    case "agent":
      if (!ctx.knownModel(node.config.model)) report("unknown_model", { node: name, model: node.config.model }, { node_id: node.id, path: path("model") });
      return;
    case "tool": {
      const tool = ctx.tools.get(node.config.tool);
      if (!tool) {
        report("unknown_tool", { node: name, tool: node.config.tool }, { node_id: node.id, path: path("tool") });
        return;
      }
      for (const problem of checkToolParams(tool, node.config.params ?? {})) {
        const param = problem.path.length ? problem.path.join(".") : "(all params)";
        report("invalid_tool_params", { node: name, tool: tool.name, param, message: problem.message }, { node_id: node.id, path: path("params", ...problem.path) });
      }
      return;
    }
    case "loop":
      if (node.config.max_iterations > LOOP_HARD_CAP) {
        report("loop_max_iterations", { node: name, value: node.config.max_iterations, cap: LOOP_HARD_CAP }, { node_id: node.id, path: path("max_iterations") });
      }
      checkExpression(node.id, name, node.config.expression, path("expression"), report);
      return;
    case "condition":
      checkExpression(node.id, name, node.config.expression, path("expression"), report);
      return;
    case "human_gate":
      checkGateFields(node, at, report);
      checkGateApprovers(node, at, report);
      return;
    case "merge":
      return;
  }
}

function checkExpression(id: string, name: string, source: string, path: (string | number)[], report: Report): void {
  const parsed = parseExpression(source);
  if (!parsed.ok) report("invalid_expression", { node: name, message: parsed.error.message, position: parsed.error.position }, { node_id: id, path });
}

/** Checks every declared node, repeated ids included: `path` tells them apart. */
export function checkNodes(graph: Graph, ctx: ValidationContext, report: Report): void {
  graph.nodes.forEach((node, at) => checkNode(node, at, ctx, report));
}
