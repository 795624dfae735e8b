/**
 * The tool registry (SPEC §12): tools by name, for graph validation (an unknown
 * tool name is a validation error) and for the executor.
 */
import { delayTool } from "./delay-tool";
import { httpRequestTool } from "./http/http-request-tool";
import type { HttpToolOptions } from "./http/options";
import { jsonParseTool } from "./json-parse-tool";
import { setTool } from "./set-tool";
import type { ToolDefinition, ToolRegistry } from "./types";

export type { HttpToolOptions } from "./http/options";
export { describeToolParams, type ToolParamField, type ToolParamType } from "./describe-params";

/** A registry over `tools`. Two tools with one name would make lookups ambiguous, so that throws. */
export function createToolRegistry(tools: ToolDefinition[]): ToolRegistry {
  const byName = new Map<string, ToolDefinition>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
    byName.set(tool.name, tool);
  }
  const list = [...byName.values()];
  return {
    get: (name) => byName.get(name),
    list: () => [...list],
  };
}

/** The built-in tools: `set`, `delay`, `json_parse`, `http_request`. */
export function builtinTools(options?: HttpToolOptions): ToolDefinition[] {
  return [setTool, delayTool, jsonParseTool, httpRequestTool(options)];
}

/** A registry of just the built-ins; embedders add their own with {@link createToolRegistry}. */
export function defaultToolRegistry(options?: HttpToolOptions): ToolRegistry {
  return createToolRegistry(builtinTools(options));
}
