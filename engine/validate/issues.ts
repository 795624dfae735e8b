/**
 * Validation findings (SPEC §2 "Saving vs running an invalid graph"): one union of
 * stable codes, one message table, one severity table. Errors block a run (422);
 * warnings never do.
 */

/** What each code's message is built from. Node and edge names arrive already quoted. */
export interface IssueArgs {
  empty_graph: Record<string, never>;
  no_start_node: Record<string, never>;
  duplicate_node_id: { node: string; count: number };
  duplicate_edge_id: { edge: string; count: number };
  dangling_edge: { edge: string; missing: string[] };
  unknown_tool: { node: string; tool: string };
  invalid_expression: { node: string; message: string; position: number };
  cycle_without_loop: { cycle: string[] };
  loop_max_iterations: { node: string; value: number; cap: number };
  invalid_tool_params: { node: string; tool: string; param: string; message: string };
  secret_outside_http: { node: string; field: string };
  invalid_secret_reference: { node: string; field: string };
  unknown_secret: { node: string; secret: string };
  gate_field_options: { node: string; field: string };
  duplicate_gate_field: { node: string; field: string };
  gate_required_approvals: { node: string; value: number; max: number };
  gate_approver_role: { node: string; role: string; roles: readonly string[] };
  gate_approver_email: { node: string; email: string };
  gate_no_approvers: { node: string };
  gate_quorum_unreachable: { node: string; required: number; people: number };
  reserved_state_key: { node: string; key: string; what: "output key" | "reviewer field" };
  reserved_name: { subject: string; name: string; fix: string };
  unknown_model: { node: string; model: string };
  unlabelled_branch_edge: { edge: string; node: string };
  branch_edge_value: { edge: string; node: string; value: string };
  multiple_incoming: { node: string; count: number };
  concurrent_write: { key: string; a: string; b: string };
  unreachable_node: { node: string };
  self_loop_edge: { edge: string; node: string };
  loop_without_exit: { node: string };
}

export type ValidationCode = keyof IssueArgs;

export const VALIDATION_SEVERITY: Record<ValidationCode, "error" | "warning"> = {
  empty_graph: "error",
  no_start_node: "error",
  duplicate_node_id: "error",
  duplicate_edge_id: "error",
  dangling_edge: "error",
  unknown_tool: "error",
  invalid_expression: "error",
  cycle_without_loop: "error",
  loop_max_iterations: "error",
  invalid_tool_params: "error",
  secret_outside_http: "error",
  invalid_secret_reference: "error",
  unknown_secret: "error",
  gate_field_options: "error",
  duplicate_gate_field: "error",
  gate_required_approvals: "error",
  gate_approver_role: "error",
  gate_approver_email: "error",
  gate_no_approvers: "error",
  gate_quorum_unreachable: "error",
  reserved_state_key: "error",
  reserved_name: "error",
  unknown_model: "warning",
  unlabelled_branch_edge: "warning",
  branch_edge_value: "warning",
  multiple_incoming: "warning",
  concurrent_write: "warning",
  unreachable_node: "warning",
  self_loop_edge: "warning",
  loop_without_exit: "warning",
};

/** The wording of every finding, in one place. */
export const VALIDATION_MESSAGES: { [C in ValidationCode]: (a: IssueArgs[C]) => string } = {
  empty_graph: () => "The workflow has no nodes.",
  no_start_node: () => "Every node has an incoming edge, so nothing can start. At least one node needs no incoming edge.",
  duplicate_node_id: (a) => `Node id ${a.node} is used by ${a.count} nodes; node ids must be unique.`,
  duplicate_edge_id: (a) => `Edge id ${a.edge} is used by ${a.count} edges; edge ids must be unique.`,
  dangling_edge: (a) => `Edge ${a.edge} points to a node that does not exist: ${a.missing.join(" and ")}.`,
  unknown_tool: (a) => `Node ${a.node} uses the tool "${a.tool}", which is not registered.`,
  invalid_expression: (a) => `Node ${a.node} has an invalid expression: ${a.message}`,
  cycle_without_loop: (a) =>
    `Nodes ${[...a.cycle, a.cycle[0]].join(" → ")} form a cycle without a loop node; it would never stop. Route it through a loop node.`,
  loop_max_iterations: (a) => `Loop ${a.node} allows ${a.value} iterations; the limit is ${a.cap}.`,
  invalid_tool_params: (a) => `Node ${a.node}: parameter "${a.param}" of tool "${a.tool}" is invalid: ${a.message}`,
  secret_outside_http: (a) => `Node ${a.node} uses {${a.field}}; secrets can only be used in the url, headers or body of an http_request tool.`,
  invalid_secret_reference: (a) => `Node ${a.node}: {${a.field}} is not a valid secret reference; write {secrets.NAME} with an upper-case name.`,
  unknown_secret: (a) => `Node ${a.node} uses the secret "${a.secret}", which does not exist. Add it under Settings → Secrets.`,
  gate_field_options: (a) => `Human gate ${a.node}: the select field "${a.field}" has no options.`,
  duplicate_gate_field: (a) => `Human gate ${a.node} has more than one field named "${a.field}".`,
  gate_required_approvals: (a) => `Human gate ${a.node} asks for ${a.value} approvals; it must be a whole number from 1 to ${a.max}.`,
  gate_approver_role: (a) => `Human gate ${a.node} names "${a.role}" as an approver role; the roles are ${a.roles.slice(0, -1).join(", ")} and ${a.roles.at(-1)}.`,
  gate_approver_email: (a) => `Human gate ${a.node} names "${a.email}" as an approver, which is not an email address.`,
  gate_no_approvers: (a) =>
    `Human gate ${a.node} names no approvers, so nobody could decide it. Add a role or a person's email, or remove the approvers to let the approver and admin roles decide.`,
  gate_quorum_unreachable: (a) => `Human gate ${a.node} needs ${a.required} approvals but names only ${a.people === 1 ? "1 person" : `${a.people} people`} and no role.`,
  reserved_state_key: (a) =>
    a.what === "output key"
      ? `Node ${a.node} writes its result to "${a.key}", a reserved name templates and expressions cannot read (names starting with "__", "constructor", "prototype"). Set another output key.`
      : `Human gate ${a.node} has a field named "${a.key}", a reserved name templates and expressions cannot read (names starting with "__", "constructor", "prototype"). Rename it.`,
  reserved_name: (a) => `${a.subject} is named "${a.name}", a name every JavaScript object already has, which the engine cannot keep apart from its own. ${a.fix}`,
  unknown_model: (a) => `Node ${a.node} uses the model "${a.model}", which has no known price; its cost will be counted as $0.`,
  unlabelled_branch_edge: (a) =>
    `Edge ${a.edge} leaves ${a.node} with neither a condition value nor a label, so it never fires. Set it to "true" or "false".`,
  branch_edge_value: (a) => `Edge ${a.edge} leaves ${a.node} with the value "${a.value}", which is neither "true" nor "false", so it never fires.`,
  multiple_incoming: (a) =>
    `Node ${a.node} has ${a.count} incoming edges and runs once per edge that fires. Use a merge node to run it once after all of them.`,
  concurrent_write: (a) => `Nodes ${a.a} and ${a.b} may run at the same time and both write "${a.key}"; the result depends on which finishes last.`,
  unreachable_node: (a) => `Node ${a.node} cannot be reached from any start node, so it never runs.`,
  self_loop_edge: (a) => `Edge ${a.edge} leads from ${a.node} straight back to itself: the loop has an empty body.`,
  loop_without_exit: (a) => `Loop ${a.node} has no "false" edge, so nothing runs after the loop ends.`,
};

export interface ValidationIssue {
  code: ValidationCode;
  message: string;
  node_id?: string;
  edge_id?: string;
  /** Where in the graph JSON the problem sits, e.g. `["nodes", 3, "config", "expression"]`. */
  path?: (string | number)[];
  /** Every node involved, when there are several (a cycle, two concurrent writers). */
  node_ids?: string[];
}

export interface ValidationResult {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

export type IssueLocation = Pick<ValidationIssue, "node_id" | "edge_id" | "path" | "node_ids">;

/** How checks hand in a finding; the collector words it and files it by severity. */
export type Report = <C extends ValidationCode>(code: C, args: IssueArgs[C], where?: IssueLocation) => void;

/** A collector for the checks and the result it fills. */
export function createCollector(): { result: ValidationResult; report: Report } {
  const result: ValidationResult = { errors: [], warnings: [] };
  const report: Report = (code, args, where = {}) => {
    const issue: ValidationIssue = { code, message: VALIDATION_MESSAGES[code](args), ...where };
    (VALIDATION_SEVERITY[code] === "error" ? result.errors : result.warnings).push(issue);
  };
  return { result, report };
}

/** True when the graph must not run. */
export function hasErrors(result: ValidationResult): boolean {
  return result.errors.length > 0;
}
