/**
 * The workflow graph (SPEC §2): one zod schema, a discriminated union on node `type` of the
 * node schemas each kind's file defines (engine/nodes/). The canvas, the API and the engine
 * all use it; types come from `z.infer`.
 *
 * This schema checks *shape* only (what a save refuses with 400). Semantic problems
 * (dangling edges, cycles, unknown tools, bad expressions…) are reported by
 * `validate()` so unfinished work can still be saved.
 */
import { z } from "zod";
import { agentNodeSchema } from "../nodes/agent";
import { conditionNodeSchema } from "../nodes/condition";
import { humanGateNodeSchema } from "../nodes/human-gate";
import { loopNodeSchema } from "../nodes/loop";
import { mergeNodeSchema } from "../nodes/merge";
import { toolNodeSchema } from "../nodes/tool";
import { idSchema as id } from "./node-shape";
import { NUL_RULE, withoutNul } from "./plain-text";
import { isPrototypeName, PROTOTYPE_NAME_MESSAGE } from "./prototype-names";

export { MAX_RETRIES, positionSchema } from "./node-shape";
export { isPrototypeName, PROTOTYPE_NAME_MESSAGE } from "./prototype-names";
export { ACTOR_ROLES, DEFAULT_APPROVER_ROLES, MAX_REQUIRED_APPROVALS, type ActorRole } from "./roles";
export { gateApproversSchema, gateFieldSchema, gateFieldTypes, type GateApprovers, type GateField } from "../nodes/gate-form";
export { agentConfigSchema, agentNodeSchema, type AgentNode } from "../nodes/agent";
export { toolConfigSchema, toolNodeSchema, type ToolNode } from "../nodes/tool";
export { conditionConfigSchema, conditionNodeSchema, type ConditionNode } from "../nodes/condition";
export { DEFAULT_LOOP_ITERATIONS, LOOP_HARD_CAP, loopConfigSchema, loopNodeSchema, type LoopNode } from "../nodes/loop";
export { humanGateConfigSchema, humanGateNodeSchema, type HumanGateNode } from "../nodes/human-gate";
export { mergeConfigSchema, mergeNodeSchema, type MergeNode } from "../nodes/merge";

export const nodeSchema = z.discriminatedUnion("type", [
  agentNodeSchema,
  toolNodeSchema,
  conditionNodeSchema,
  loopNodeSchema,
  humanGateNodeSchema,
  mergeNodeSchema,
]);

/** Each listed type is a node type, and every node type is listed: either slip does not compile. */
const everyNodeType = <const T extends readonly NodeType[]>(types: T & ([NodeType] extends [T[number]] ? unknown : "a node type is missing from NODE_TYPES")): T => types;
export const NODE_TYPES = everyNodeType(["agent", "tool", "condition", "loop", "human_gate", "merge"]);

export const edgeSchema = z.object({
  id,
  source: id,
  target: id,
  condition_value: z.string().max(200).optional(),
  label: z.string().max(200).optional(),
});

/** Per-run limits (SPEC §3). A trigger may override them in `options`. */
export const runSettingsSchema = z.object({
  max_parallel_nodes: z.number().int().min(1).max(64).optional(),
  max_node_executions: z.number().int().min(1).max(1_000_000).optional(),
  max_execution_time_ms: z.number().int().min(1).max(7 * 86_400_000).optional(),
  budget_usd: z.number().min(0).optional(),
  max_tokens: z.number().int().min(0).optional(),
});

/**
 * A graph as stored: the shape graphs were saved with, so a version saved before a rule
 * below was added still reads (and fails validation instead of the request).
 */
export const storedGraphSchema = z.object({
  nodes: z.array(nodeSchema).max(10_000),
  edges: z.array(edgeSchema).max(50_000),
  settings: runSettingsSchema.optional(),
});

/**
 * How far from the origin a node may sit (px). A 10,000-node chain spaced for the canvas
 * spans ~2.4 million; browsers stop drawing SVG paths long before 1e15 (a graph imported
 * with such positions opened as an empty canvas).
 */
export const MAX_COORDINATE = 10_000_000;

/** A graph as a save, an import or a validation request must send it: the stored shape and the rules added since. */
export const graphSchema = storedGraphSchema.superRefine((graph, ctx) => {
  const name = (value: string, path: (string | number)[]) => {
    if (isPrototypeName(value)) ctx.addIssue({ code: "custom", path, message: PROTOTYPE_NAME_MESSAGE });
    plain(value, path);
  };
  // Ids and labels reach text columns of their own (a step's node id, an error naming a node).
  const plain = (value: string | undefined, path: (string | number)[]) => {
    if (value !== undefined && !withoutNul(value)) ctx.addIssue({ code: "custom", path, message: NUL_RULE });
  };
  graph.nodes.forEach((node, i) => {
    name(node.id, ["nodes", i, "id"]);
    plain(node.config.label, ["nodes", i, "config", "label"]);
    for (const axis of ["x", "y"] as const) {
      if (Math.abs(node.position[axis]) > MAX_COORDINATE) ctx.addIssue({ code: "custom", path: ["nodes", i, "position", axis], message: `must lie within ±${MAX_COORDINATE.toLocaleString("en-US")}` });
    }
    if (node.type === "human_gate") node.config.fields?.forEach((field, f) => name(field.name, ["nodes", i, "config", "fields", f, "name"]));
  });
  graph.edges.forEach((edge, i) => {
    name(edge.id, ["edges", i, "id"]);
    name(edge.source, ["edges", i, "source"]);
    name(edge.target, ["edges", i, "target"]);
  });
});

export type Graph = z.infer<typeof graphSchema>;
/** The graph as written by a person before defaults are applied. */
export type GraphInput = z.input<typeof graphSchema>;
export type GraphNode = z.infer<typeof nodeSchema>;
export type GraphEdge = z.infer<typeof edgeSchema>;
export type NodeType = GraphNode["type"];
export type RunSettings = z.infer<typeof runSettingsSchema>;
export type NodeOfType<T extends NodeType> = Extract<GraphNode, { type: T }>;
export type NodeConfig<T extends NodeType = NodeType> = NodeOfType<T>["config"];

/** The label a person sees: the configured label, else the node id. */
export function nodeLabel(n: GraphNode): string {
  return n.config.label?.trim() || n.id;
}

/** Parse an unknown value as a graph; the result carries zod issues with their paths. */
export function parseGraph(value: unknown) {
  return graphSchema.safeParse(value);
}
