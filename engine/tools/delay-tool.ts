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
  async run({ ms }, ctx) {
    const started = ctx.clock.now();
    try {
      await ctx.clock.sleep(ms, ctx.signal);
    } catch {
      throw cancelled();
    }
    return { waited_ms: Math.max(ms, ctx.clock.now() - started) };
  },
});
