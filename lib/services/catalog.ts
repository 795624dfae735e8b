import "server-only";
/** The model and tool catalogues the inspector's pickers and forms are built from. */
import { PRICE_TABLE } from "@/engine/models/prices";
import { defaultToolRegistry, describeToolParams } from "@/engine/tools/registry";
import type { ModelListAnswer, ToolListAnswer } from "./catalog-answers";

/** Every priced model (USD per million tokens). */
export function listModels(): ModelListAnswer {
  return { items: PRICE_TABLE.map((p) => ({ ...p })) };
}

/** Registered tools with a form description of their params. */
export function listTools(): ToolListAnswer {
  return { items: defaultToolRegistry().list().map((tool) => ({ name: tool.name, description: tool.description, params: describeToolParams(tool) })) };
}
