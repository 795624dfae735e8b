/**
 * The engine's world as its node kinds and tools meet it: the run state, the model gateway,
 * secrets, the clock and who acts at a gate. Nothing here knows the graph, so a kind's file
 * (engine/nodes/) can use these ports and the graph's schema can still be built from the kinds.
 */
import type { ActorRole } from "../graph/roles";

/** Public + internal run state. Keys starting with `__` are internal (SPEC §4). */
export type State = Record<string, unknown>;

/**
 * Who decides at a gate, as they are at the moment they decide (their current role: a
 * person demoted since, or a key revoked, is refused). Hosts map their principals onto it.
 */
export interface GateActor {
  type: string;
  id: string;
  name: string;
  role: ActorRole | null;
  /** A person's email: gates name people by it. */
  email?: string;
  /** For an API key: who made it. A key counts as that person (self-approval, quorum). */
  owner_id?: string;
}

/** One approval of a gate that asks for several (SPEC §6, `required_approvals`). */
export interface GateApproval {
  actor_id: string;
  actor_name: string;
  actor_type: string;
  /** The approving key's maker (kept so their other keys and themselves count once). */
  owner_id?: string;
  comment: string | null;
  /** The reviewer's form values, checked against the gate's fields. */
  input: Record<string, unknown>;
  /** ISO time of the approval. */
  at: string;
}

/** Who triggered a run: a person, an API key, a webhook, or the system; the name as it was then. */
export interface RunTrigger {
  type: string;
  id: string;
  name: string;
  /** For an API key: the person who made it (their own key counts as them for self-approval). */
  owner_id?: string;
}

/** Usage a model call reports. */
export interface ModelUsage {
  tokens_in: number;
  tokens_out: number;
  /** Input tokens served from the provider's cache (priced at the cached rate when known). */
  cached_tokens_in?: number;
}

export interface ModelRequest {
  model: string;
  system_prompt?: string;
  user_message: string;
  temperature?: number;
  max_tokens?: number;
  signal: AbortSignal;
  idempotency_key: string;
  /** Called with each streamed chunk of the reply, when the provider streams. */
  onDelta?: (text: string) => void;
}

export interface ModelReply {
  text: string;
  usage: ModelUsage;
}

/** Calls LLMs. Throws {@link import("../errors").NodeError} for classified failures. */
export interface ModelGateway {
  call(req: ModelRequest): Promise<ModelReply>;
}

/**
 * Looks up secret values by name at the last moment before a tool call (SPEC §12), so
 * values never enter state, params snapshots or stored records. Throws a non-retryable
 * {@link import("../errors").NodeError} naming any unknown secret (never a value).
 */
export interface SecretResolver {
  resolve(names: readonly string[]): Promise<Record<string, string>>;
}

export interface ToolContext {
  signal: AbortSignal;
  idempotency_key: string;
  run_id: string;
  node_id: string;
  /** The engine's clock: a tool that waits or reads the time asks it, so a test can drive time. */
  clock: Clock;
}

/**
 * Time as the engine sees it: every wait, deadline and timestamp of a run goes through the
 * clock it is given (engine/run/clock.ts is the real one), never the global timers.
 */
export interface Clock {
  now(): number;
  /** Resolve after `ms`, or reject with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Call `fire` once after `ms` (never keeping the process alive for it); returns the cancel function. */
  timer(ms: number, fire: () => void): () => void;
  random(): number;
}
