/**
 * One abort signal per `http_request` call that fires on the node's own signal
 * (cancel) or when the whole call, redirects included, outlives its timeout. The
 * abort reason is the NodeError the call should fail with, so every waiting point
 * can simply rethrow `signal.reason`.
 */
import { NodeError } from "../../errors";
import type { Clock } from "../../ports";

export interface Deadline {
  signal: AbortSignal;
  /** Clear the timer and detach from the parent signal. */
  dispose(): void;
}

export function createDeadline(parent: AbortSignal, timeoutMs: number, clock: Pick<Clock, "timer">): Deadline {
  const controller = new AbortController();
  const cancel = () => controller.abort(new NodeError("cancelled", "http_request cancelled", { retryable: false }));
  const cancelTimer = clock.timer(timeoutMs, () => controller.abort(new NodeError("tool_error", `http_request timed out after ${timeoutMs} ms`, { retryable: true })));
  if (parent.aborted) cancel();
  else parent.addEventListener("abort", cancel, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      cancelTimer();
      parent.removeEventListener("abort", cancel);
    },
  };
}
