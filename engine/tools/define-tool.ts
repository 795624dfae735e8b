/**
 * Wraps a tool so its params are checked against its own schema before it runs.
 * The engine may validate too; checking here keeps every tool safe when it is
 * called directly and turns bad params into a non-retryable node failure.
 */
import { z } from "zod";
import { NodeError } from "../errors";
import type { ToolDefinition } from "./types";

/** Parse `raw` with the tool's schema or throw a NodeError naming the bad fields. */
export function parseToolParams<P>(tool: Pick<ToolDefinition<P>, "name" | "params">, raw: unknown): P {
  const parsed = tool.params.safeParse(raw);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "params"}: ${issue.message}`)
    .join("; ");
  throw new NodeError("tool_error", `${tool.name}: invalid params: ${detail}`, { retryable: false });
}

/** Build a tool whose `run` always receives params that passed its schema. */
export function defineTool<P, R>(tool: ToolDefinition<P, R>): ToolDefinition<P, R> {
  return { ...tool, run: async (params, ctx) => tool.run(parseToolParams(tool, params), ctx) };
}

/** Re-exported so tool files build their schemas from one zod import. */
export { z };
