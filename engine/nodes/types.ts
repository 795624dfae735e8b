/**
 * Node kinds are definitions (STYLE rule 4): each kind's engine file says what a node of it
 * writes, how its config is checked before a run, how its outgoing edges fire, and what
 * admission does with it — execute it (prepare synchronously from the state, so it sees
 * exactly the state its step records as input; run asynchronously, retried as a unit) or
 * park the run until a decision from outside (and what it then waits for). A kind's file
 * also holds its config schema, from which `graph/schema.ts` builds the graph's. `registry.ts`
 * maps every kind to its definition, and the compiler holds that map complete.
 */
import type { KindNode } from "../graph/node-shape";
import type { Clock, ModelGateway, SecretResolver, State } from "../ports/world";
import type { ToolRegistry } from "../tools/types";
import type { NodeCheck } from "../validate/context";
import type { PendingGate } from "./gate-form";

/** What a prepared execution needs at run time. */
export interface RunContext {
  run_id: string;
  node_id: string;
  idempotency_key: string;
  signal: AbortSignal;
  /** The run's clock (waits and timestamps go through it). */
  clock: Clock;
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

/**
 * How a kind's outgoing edges fire: all of them; those whose value matches the node's
 * true/false branch; or as a branch, except that while the node yields true (it runs again)
 * its false edges stay undecided — a loop.
 */
export type EdgeBehaviour = "all" | "branch" | "loop";

/**
 * How a kind's incoming edges admit it: each edge that fires queues an execution, or a
 * barrier waits until every forward incoming edge has fired or died and runs once if any
 * fired (back-edges always queue at once).
 */
export type JoinBehaviour = "each" | "barrier";

interface KindBase<N extends KindNode> {
  type: N["type"];
  edges: EdgeBehaviour;
  join: JoinBehaviour;
  /** The state key a node of this kind writes its result to, or null when it writes none of its choosing (SPEC §2). */
  outputKey(node: N): string | null;
  /** Config problems the schema lets through but a run cannot use. */
  check: NodeCheck<N>;
}

/** A kind admission executes. */
export interface ExecutableKind<N extends KindNode = KindNode> extends KindBase<N> {
  admission: "execute";
  /**
   * Render the execution from the state. Must not keep a reference to `state` (it changes
   * while the node runs); throwing fails the execution without retries.
   */
  prepare(node: N, state: State): Prepared;
}

/** A kind at which admission parks the run until a decision comes from outside (a human gate). */
export interface ParkingKind<N extends KindNode = KindNode> extends KindBase<N> {
  admission: "park";
  /**
   * What the run waits for once it reaches `node` at `now`, rendered from the state then:
   * the pending gate it parks with (approvals are the run's, added as they come).
   */
  park(node: N, state: State, now: number): Omit<PendingGate, "approvals">;
}

export type NodeKind<N extends KindNode = KindNode> = ExecutableKind<N> | ParkingKind<N>;

/** The key agent and tool nodes write: `output_key`, defaulting to the node id. */
export const ownOutputKey = (node: { id: string; config: { output_key?: string } }): string => node.config.output_key ?? node.id;

/** For kinds that write no key of their own and have nothing to check. */
export const noOutputKey = (): null => null;
export const noChecks = (): void => undefined;
