/**
 * The human gate kind: admission parks the run at it (status `paused`, `pending_gate`)
 * until reviewers decide; the decision is applied by `run/gate-decisions.ts` (SPEC §6).
 * Its config: the prompt, the reviewer form and who may decide. Before a run: those checked.
 * When reached: what the parked run waits for (its pending gate, without approvals yet).
 */
import { z } from "zod";
import { baseConfig, nodeShape } from "../graph/node-shape";
import { isPrototypeName } from "../graph/prototype-names";
import { ACTOR_ROLES, MAX_REQUIRED_APPROVALS } from "../graph/roles";
import { gatePolicy } from "../run/gate-approvers";
import { renderTemplate } from "../template";
import { configPath } from "../validate/context";
import type { Report } from "../validate/issues";
import { nodeName } from "../validate/names";
import { isReservedKey } from "../validate/reserved-keys";
import { gateApproversSchema, gateFieldSchema } from "./gate-form";
import { noOutputKey, type ParkingKind } from "./types";

export const humanGateConfigSchema = z.object({
  ...baseConfig,
  prompt: z.string().default(""),
  fields: z.array(gateFieldSchema).optional(),
  /** Default: the approver and admin roles. */
  approvers: gateApproversSchema.optional(),
  /** Distinct people (or keys) who must approve before the run goes on (default 1; validation: 1–20). */
  required_approvals: z.number().optional(),
  /** Whether the person or key that triggered the run may approve its gates (default false). */
  allow_self_approval: z.boolean().optional(),
});

export const humanGateNodeSchema = nodeShape("human_gate", humanGateConfigSchema);
export type HumanGateNode = z.infer<typeof humanGateNodeSchema>;

function checkGateFields(node: HumanGateNode, at: number, report: Report): void {
  const seen = new Set<string>();
  (node.config.fields ?? []).forEach((field, i) => {
    const path = configPath(at, "fields", i);
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
  if (required_approvals !== undefined && !(Number.isInteger(required_approvals) && required_approvals >= 1 && required_approvals <= MAX_REQUIRED_APPROVALS)) {
    report("gate_required_approvals", { node: name, value: required_approvals, max: MAX_REQUIRED_APPROVALS }, { node_id: node.id, path: configPath(at, "required_approvals") });
  }
  if (!approvers) return;
  approvers.roles?.forEach((role, i) => {
    if (!(ACTOR_ROLES as readonly string[]).includes(role)) report("gate_approver_role", { node: name, role, roles: ACTOR_ROLES }, { node_id: node.id, path: configPath(at, "approvers", "roles", i) });
  });
  approvers.users?.forEach((email, i) => {
    if (!EMAIL.safeParse(email.trim()).success) report("gate_approver_email", { node: name, email }, { node_id: node.id, path: configPath(at, "approvers", "users", i) });
  });
  if ((approvers.roles?.length ?? 0) + (approvers.users?.length ?? 0) === 0) {
    report("gate_no_approvers", { node: name }, { node_id: node.id, path: configPath(at, "approvers") });
    return;
  }
  // With a role, how many people hold it is not the graph's to know; named people can be counted.
  const policy = gatePolicy(node.config);
  if (policy.roles.length === 0 && policy.users.length > 0 && policy.users.length < policy.required_approvals) {
    report("gate_quorum_unreachable", { node: name, required: policy.required_approvals, people: policy.users.length }, { node_id: node.id, path: configPath(at, "required_approvals") });
  }
}

export const humanGateKind: ParkingKind<HumanGateNode> = {
  type: "human_gate",
  admission: "park",
  edges: "all",
  join: "each",
  outputKey: noOutputKey,
  check(node, at, _ctx, report) {
    checkGateFields(node, at, report);
    checkGateApprovers(node, at, report);
  },
  park(node, state, now) {
    const policy = gatePolicy(node.config);
    const { timeout_ms, fields } = node.config;
    return {
      node_id: node.id,
      prompt: renderTemplate(node.config.prompt, state),
      ...(fields ? { fields } : {}),
      ...(timeout_ms === undefined ? {} : { expires_at: now + timeout_ms }),
      approvers: { roles: policy.roles, users: policy.users },
      required_approvals: policy.required_approvals,
      allow_self_approval: policy.allow_self_approval,
    };
  },
};
