/**
 * Tools are registered by name with a zod schema for their params (the inspector
 * renders its form from it) and an async function (SPEC §12).
 */
import type { z } from "zod";
import type { ToolContext } from "../ports/world";

export interface ToolDefinition<P = unknown, R = unknown> {
  name: string;
  description: string;
  /** Schema of the rendered params. */
  params: z.ZodType<P>;
  /** Run with already-templated params. Throw NodeError for classified failures. */
  run(params: P, ctx: ToolContext): Promise<R>;
}

export interface ToolRegistry {
  get(name: string): ToolDefinition | undefined;
  list(): ToolDefinition[];
}
