/**
 * Node kinds are definitions (STYLE rule 4): each kind says how it prepares an execution
 * from the state (synchronously, at admission, so it sees exactly the state its step
 * records as input) and how it runs (asynchronously, retried as a unit).
 */
import type { GraphNode, NodeOfType, NodeType } from "../graph/schema";
import type { ModelGateway, SecretResolver, State } from "../ports";
import type { ToolRegistry } from "../tools/types";

/** What a prepared execution needs at run time. */
export interface RunContext {
  run_id: string;
  node_id: string;
  idempotency_key: string;
  signal: AbortSignal;
  models: ModelGateway;
  tools: ToolRegistry;
  /** Secret lookup for `{secrets.NAME}` in http_request params; absent: secrets are refused. */
  secrets?: SecretResolver;
  onDelta?: (text: string) => void;
}

/** The result of one successful execution. */
export interface NodeResult {
  /** The step's `output`. */
  output: unknown;
  /** State keys to write (public or internal). */
  writes?: Record<string, unknown>;
  /** Condition/loop: the branch taken; null for kinds that fire every edge. */
  branch: boolean | null;
  /** Agent calls: what it cost. */
  usage?: { model: string; tokens_in: number; tokens_out: number; cost_micros: number };
}

/** An execution ready to run: its inputs already rendered from the state. */
export interface Prepared {
  run(ctx: RunContext): Promise<NodeResult>;
}

export interface NodeKind<T extends NodeType = NodeType> {
  type: T;
  /**
   * Render the execution from the state. Must not keep a reference to `state` (it changes
   * while the node runs); throwing fails the execution without retries.
   */
  prepare(node: NodeOfType<T>, state: State): Prepared;
}

export type AnyNode = GraphNode;
