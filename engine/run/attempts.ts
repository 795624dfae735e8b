/**
 * One execution's attempts: per-attempt timeout, cancellation through the run's abort
 * signal, and retries with exponential backoff and full jitter (SPEC §2, §3).
 */
import { errorMessage, NodeError } from "../errors";
import type { NodeResult, Prepared, RunContext } from "../nodes/types";
import type { Clock } from "../ports";
import { storableIssue } from "./storable";

export interface RetryPolicy {
  /** Delay before the first retry; doubles per attempt. */
  base_ms: number;
  /** Cap on one delay. */
  max_ms: number;
}

export const DEFAULT_RETRY: RetryPolicy = { base_ms: 500, max_ms: 30_000 };

export type AttemptOutcome = { ok: true; result: NodeResult; attempts: number } | { ok: false; error: NodeError; attempts: number };

export interface AttemptOptions {
  retries: number;
  timeout_ms?: number;
  policy: RetryPolicy;
  clock: Clock;
  /** Called before each retry with the attempt number about to start. */
  onRetry?: (attempt: number, error: NodeError) => void;
}

/** Delay before retry number `retry` (1-based): exponential, capped, with jitter in [50%, 100%]. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number, retryAfterMs?: number): number {
  const exp = Math.min(policy.max_ms, policy.base_ms * 2 ** (retry - 1));
  const jittered = exp * (0.5 + random() * 0.5);
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, 60_000));
}

/** Classify anything thrown into a NodeError. */
export function toNodeError(err: unknown, signal: AbortSignal): NodeError {
  if (err instanceof NodeError) return err;
  if (signal.aborted) {
    const reason = signal.reason;
    if (reason instanceof NodeError) return reason;
    return new NodeError("cancelled", errorMessage(reason ?? "aborted"), { retryable: false });
  }
  return new NodeError("node_failed", errorMessage(err), { retryable: true, cause: err });
}

/**
 * Run one attempt under the run's signal, plus the node's timeout when it has one (then
 * under a signal of its own). Racing the abort means an implementation that ignores its
 * signal cannot hold the run.
 */
async function attempt(prepared: Prepared, ctx: RunContext, timeoutMs: number | undefined, clock: Clock): Promise<NodeResult> {
  if (timeoutMs === undefined) return raceAbort(prepared, ctx);
  const local = new AbortController();
  const onRunAbort = () => local.abort(ctx.signal.reason);
  if (ctx.signal.aborted) onRunAbort();
  else ctx.signal.addEventListener("abort", onRunAbort, { once: true });
  const cancelTimeout = clock.timer(timeoutMs, () => local.abort(new NodeError("node_timeout", `timed out after ${timeoutMs} ms`, { retryable: true })));
  try {
    return await raceAbort(prepared, { ...ctx, signal: local.signal });
  } finally {
    cancelTimeout();
    ctx.signal.removeEventListener("abort", onRunAbort);
  }
}

async function raceAbort(prepared: Prepared, ctx: RunContext): Promise<NodeResult> {
  const { signal } = ctx;
  if (signal.aborted) throw toNodeError(undefined, signal);
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(toNodeError(undefined, signal));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return storable(await Promise.race([prepared.run(ctx), aborted]));
  } catch (err) {
    throw toNodeError(err, signal);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/**
 * The result, if its output and writes can be checkpointed; otherwise the attempt fails for
 * good (the same input gives the same output) instead of failing the run's next commit.
 */
function storable(result: NodeResult): NodeResult {
  let issue = storableIssue(result.output);
  const writes = result.writes ?? {};
  for (const key in writes) {
    if (issue) break;
    if (writes[key] === result.output) continue; // checked above (the node's output key)
    const written = storableIssue(writes[key]);
    if (written) issue = { ...written, path: [key, ...written.path] };
  }
  if (!issue) return result;
  const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
  throw new NodeError("node_failed", `the node's output cannot be stored: ${issue.message}${where}`, { retryable: false });
}

/** Run attempts until one succeeds, an error is not retryable, retries run out, or the run aborts. */
export async function runAttempts(prepared: Prepared, ctx: RunContext, opts: AttemptOptions): Promise<AttemptOutcome> {
  for (let n = 1; ; n++) {
    try {
      return { ok: true, result: await attempt(prepared, ctx, opts.timeout_ms, opts.clock), attempts: n };
    } catch (err) {
      const error = toNodeError(err, ctx.signal);
      const allowed = Math.max(opts.retries, error.minRetries ?? 0);
      if (!error.retryable || n > allowed || ctx.signal.aborted) return { ok: false, error, attempts: n };
      try {
        await opts.clock.sleep(backoffMs(n, opts.policy, opts.clock.random, error.retryAfterMs), ctx.signal);
      } catch {
        return { ok: false, error: toNodeError(undefined, ctx.signal), attempts: n };
      }
      opts.onRetry?.(n + 1, error);
    }
  }
}
