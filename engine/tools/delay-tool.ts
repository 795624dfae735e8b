/**
 * The `delay` tool: waits, and stops waiting at once when the run is cancelled so
 * a cancel never has to sit out a long delay.
 */
import { NodeError } from "../errors";
import { defineTool, z } from "./define-tool";
import type { ToolDefinition } from "./types";

export const MAX_DELAY_MS = 3_600_000;

export const delayParams = z.object({
  ms: z.coerce.number().int().min(0).max(MAX_DELAY_MS).describe("Milliseconds to wait (at most one hour)"),
});

export type DelayParams = z.infer<typeof delayParams>;

function cancelled(): NodeError {
  return new NodeError("cancelled", "delay cancelled", { retryable: false });
}

export const delayTool: ToolDefinition<DelayParams, { waited_ms: number }> = defineTool({
  name: "delay",
  description: "Wait for a number of milliseconds.",
  params: delayParams,
  run({ ms }, ctx) {
    return new Promise((resolve, reject) => {
      if (ctx.signal.aborted) return reject(cancelled());
      const started = Date.now();
      const onAbort = () => {
        clearTimeout(timer);
        reject(cancelled());
      };
      const timer = setTimeout(() => {
        ctx.signal.removeEventListener("abort", onAbort);
        resolve({ waited_ms: Math.max(ms, Date.now() - started) });
      }, ms);
      ctx.signal.addEventListener("abort", onAbort, { once: true });
    });
  },
});
