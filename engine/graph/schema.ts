/**
 * The workflow graph (SPEC §2): one zod schema, a discriminated union on node `type`.
 * The canvas, the API and the engine all use it; types come from `z.infer`.
 *
 * This schema checks *shape* only (what a save refuses with 400). Semantic problems
 * (dangling edges, cycles, unknown tools, bad expressions…) are reported by
 * `validate()` so unfinished work can still be saved.
 */
import { z } from "zod";

/** Hard cap on a loop's `max_iterations` (SPEC §2); above it is a validation error, not a shape error. */
export const LOOP_HARD_CAP = 1000;
export const DEFAULT_LOOP_ITERATIONS = 10;
export const MAX_RETRIES = 10;

const id = z.string().min(1, "must not be empty").max(200, "at most 200 characters");

export const positionSchema = z.object({ x: z.number(), y: z.number() });

/** Fields every node config accepts. */
const baseConfig = {
  label: z.string().max(200).optional(),
  retries: z.number().int().min(0).max(MAX_RETRIES).optional(),
  timeout_ms: z.number().int().positive().max(86_400_000).optional(),
  description: z.string().max(2000).optional(),
};

export const agentConfigSchema = z.object({
  ...baseConfig,
  model: z.string().min(1).max(200),
  system_prompt: z.string().optional(),
  user_message: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().max(1_000_000).optional(),
  output_key: z.string().min(1).max(200).optional(),
});

export const toolConfigSchema = z.object({
  ...baseConfig,
  tool: z.string().min(1).max(200),
  params: z.record(z.string(), z.unknown()).default({}),
  output_key: z.string().min(1).max(200).optional(),
});

export const conditionConfigSchema = z.object({
  ...baseConfig,
  expression: z.string().max(10_000),
});

export const loopConfigSchema = z.object({
  ...baseConfig,
  expression: z.string().max(10_000),
  /** Validation refuses values above LOOP_HARD_CAP; the shape accepts them so the work can be saved. */
  max_iterations: z.number().int().min(1).default(DEFAULT_LOOP_ITERATIONS),
});

export const gateFieldTypes = ["text", "textarea", "number", "boolean", "select"] as const;

export const gateFieldSchema = z.object({
  name: z.string().min(1).max(100),
  type: z.enum(gateFieldTypes),
  label: z.string().max(200).optional(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
});

/**
 * The roles of people and API keys (lib/auth/roles.ts takes its list from here): a gate
 * names who may decide it by role.
 */
export const ACTOR_ROLES = ["viewer", "editor", "approver", "admin"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** Who decides a gate when its config does not say. */
export const DEFAULT_APPROVER_ROLES: readonly ActorRole[] = ["approver", "admin"];
/** A gate may ask for at most this many approvals (validation refuses more). */
export const MAX_REQUIRED_APPROVALS = 20;

/**
 * Who may decide a gate: people with one of `roles`, or the people named by email in
 * `users`. Loose on purpose (any strings): validation names a misspelt role or email, so
 * the work can still be saved.
 */
export const gateApproversSchema = z.object({
  roles: z.array(z.string().max(100)).max(20).optional(),
  users: z.array(z.string().max(320)).max(200).optional(),
});

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

export const mergeConfigSchema = z.object({ ...baseConfig });

const node = <T extends string, C extends z.ZodTypeAny>(type: T, config: C) =>
  z.object({ id, type: z.literal(type), position: positionSchema.default({ x: 0, y: 0 }), config });

export const agentNodeSchema = node("agent", agentConfigSchema);
export const toolNodeSchema = node("tool", toolConfigSchema);
export const conditionNodeSchema = node("condition", conditionConfigSchema);
export const loopNodeSchema = node("loop", loopConfigSchema);
export const humanGateNodeSchema = node("human_gate", humanGateConfigSchema);
export const mergeNodeSchema = node("merge", mergeConfigSchema.default({}));

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
 * Names every JavaScript object answers to (`toString`, `constructor`, `__proto__` …). Ids
 * and field names key plain objects throughout the engine and the editor; one of these
 * reads the prototype's member instead of a missing entry (a node `toString` got the
 * idempotency key `…:toString:function toString() { [native code] }1`).
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True for a name every JavaScript object already has (see {@link PROTOTYPE_NAMES}). */
export const isPrototypeName = (name: string): boolean => PROTOTYPE_NAMES.has(name);

export const PROTOTYPE_NAME_MESSAGE = "is a name every JavaScript object already has (toString, constructor …); choose another";

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
  };
  graph.nodes.forEach((node, i) => {
    name(node.id, ["nodes", i, "id"]);
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
export type GateField = z.infer<typeof gateFieldSchema>;
export type GateApprovers = z.infer<typeof gateApproversSchema>;
export type AgentNode = z.infer<typeof agentNodeSchema>;
export type ToolNode = z.infer<typeof toolNodeSchema>;
export type ConditionNode = z.infer<typeof conditionNodeSchema>;
export type LoopNode = z.infer<typeof loopNodeSchema>;
export type HumanGateNode = z.infer<typeof humanGateNodeSchema>;
export type MergeNode = z.infer<typeof mergeNodeSchema>;
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
