/**
 * A tiny tool registry for validation tests: schemas only, the functions never run.
 */
import { z } from "zod";
import type { ToolDefinition, ToolRegistry } from "../tools/types";

const tool = (name: string, params: z.ZodType): ToolDefinition => ({
  name,
  description: name,
  params,
  run: async (p) => p,
});

const TOOLS = [
  tool("set", z.record(z.string(), z.unknown())),
  tool(
    "fetch",
    z.object({
      method: z.enum(["GET", "POST"]),
      url: z.string(),
      headers: z.record(z.string(), z.string()).optional(),
      retries: z.coerce.number().int().optional(),
    }),
  ),
];

export const fakeTools: ToolRegistry = {
  get: (name) => TOOLS.find((t) => t.name === name),
  list: () => TOOLS,
};
