/**
 * Error codes of the engine: one union, one message table (SPEC §3, STYLE rule 6).
 * Expected failures travel as values; a node implementation throws {@link NodeError}
 * to say whether a retry can help.
 */

export type EngineErrorCode =
  | "node_failed"
  | "node_timeout"
  | "cancelled"
  | "gate_rejected"
  | "gate_timeout"
  | "budget_exceeded"
  | "token_limit_exceeded"
  | "execution_limit_exceeded"
  | "time_limit_exceeded"
  | "invalid_graph"
  | "expression_error"
  | "tool_error"
  | "model_error"
  | "not_found"
  | "invalid_input"
  | "bad_state"
  | "snapshot_too_new"
  | "lease_lost"
  | "forbidden";

/** Default human wording per code; call sites add specifics. */
export const ERROR_MESSAGES: Record<EngineErrorCode, string> = {
  node_failed: "node failed",
  node_timeout: "node timed out",
  cancelled: "cancelled",
  gate_rejected: "rejected at gate",
  gate_timeout: "gate timeout",
  budget_exceeded: "budget exceeded",
  token_limit_exceeded: "token limit exceeded",
  execution_limit_exceeded: "node execution limit exceeded",
  time_limit_exceeded: "execution time limit exceeded",
  invalid_graph: "the graph is not valid",
  expression_error: "expression error",
  tool_error: "tool error",
  model_error: "model error",
  not_found: "not found",
  invalid_input: "invalid input",
  bad_state: "the run is not in a state that allows this",
  snapshot_too_new: "the run's checkpoint was written by a newer version of Switchyard",
  lease_lost: "another process drives the run now",
  forbidden: "this actor may not do this",
};

/** A failure inside a node's execution. `retryable` says whether trying again can help. */
export class NodeError extends Error {
  readonly code: EngineErrorCode;
  readonly retryable: boolean;
  /** Milliseconds the far side asked us to wait before retrying (e.g. Retry-After). */
  readonly retryAfterMs?: number;
  /**
   * Retries this kind of failure deserves even when the node sets fewer (e.g. a provider's
   * 429/5xx is retried at least twice); the node's own `retries` still applies when higher.
   */
  readonly minRetries?: number;

  constructor(code: EngineErrorCode, message: string, opts: { retryable?: boolean; retryAfterMs?: number; minRetries?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "NodeError";
    this.code = code;
    this.retryable = opts.retryable ?? true;
    this.retryAfterMs = opts.retryAfterMs;
    this.minRetries = opts.minRetries;
  }
}

/** Misuse of the engine's API (unknown run, wrong status). */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message?: string) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = "EngineError";
    this.code = code;
  }
}

/**
 * A write refused by its fence (RunWrite.fence): the run's lease is no longer the writer's, so
 * another process took the run over and nothing of the write was applied.
 */
export function leaseLost(runId: string, holder: string): EngineError {
  return new EngineError("lease_lost", `run ${runId} is driven by another process now: the write of ${holder}, whose lease it was, was refused`);
}

/** Readable message of anything thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === "string") return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

/**
 * The code of an engine misuse error, recognised by shape rather than `instanceof`: the
 * runtime may be created by another server bundle (the instrumentation hook), whose
 * `EngineError` class is a different object than the caller's.
 */
export function engineErrorCode(err: unknown): EngineErrorCode | null {
  if (!(err instanceof Error) || err.name !== "EngineError") return null;
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === "string" ? (code as EngineErrorCode) : null;
}
