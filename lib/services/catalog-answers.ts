/**
 * What the model and tool catalogues answer, as zod schemas (as ./run-answers.ts is for
 * runs): the catalogue service (./catalog.ts) is typed by them, the inspector's types are
 * their `z.infer`, the OpenAPI responses are generated from them and the integration suite
 * checks real answers. Neither list is paged: they are the server's registries whole.
 */
import { z } from "zod";
import type { Provider } from "@/engine/models/prices";
import type { ToolParamType } from "@/engine/tools/describe-params";

// The engine's unions as lists; the service's return type fails to compile if one misses a member.
const PROVIDERS = ["openai", "anthropic", "local", "mock"] as const satisfies readonly Provider[];
const TOOL_PARAM_TYPES = ["string", "number", "boolean", "object", "array", "enum", "unknown"] as const satisfies readonly ToolParamType[];

const perMtok = z.number().describe("US dollars per million tokens");

/** A priced model, by the name a node writes it with. */
export const modelSchema = z.strictObject({
  id: z.string().describe("`openai:gpt-4o-mini`, `mock` …"),
  provider: z.enum(PROVIDERS),
  input_usd_per_mtok: perMtok,
  output_usd_per_mtok: perMtok,
  cached_input_usd_per_mtok: perMtok.optional().describe("input tokens served from the provider's prompt cache, when published"),
});

/** `GET /api/models`. */
export const modelListSchema = z.strictObject({ items: z.array(modelSchema) });

/** One top-level field of a tool's params, enough to build a form. */
export const toolParamSchema = z.strictObject({
  name: z.string(),
  type: z.enum(TOOL_PARAM_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).optional().describe("the allowed values of an `enum` field"),
  description: z.string().optional(),
});

/** A registered tool with its params (`[]` for one that takes free-form params). */
export const toolSchema = z.strictObject({ name: z.string(), description: z.string(), params: z.array(toolParamSchema) });

/** `GET /api/tools`. */
export const toolListSchema = z.strictObject({ items: z.array(toolSchema) });

export type ModelAnswer = z.infer<typeof modelSchema>;
export type ModelListAnswer = z.infer<typeof modelListSchema>;
export type ToolParamAnswer = z.infer<typeof toolParamSchema>;
export type ToolAnswer = z.infer<typeof toolSchema>;
export type ToolListAnswer = z.infer<typeof toolListSchema>;
