/**
 * A flat description of a tool's top-level params, enough for the inspector to
 * render a form without knowing zod. Derived from zod 4's JSON Schema export so it
 * follows the schema exactly.
 */
import { z } from "zod";
import type { ToolDefinition } from "./types";

export type ToolParamType = "string" | "number" | "boolean" | "object" | "array" | "enum" | "unknown";

export interface ToolParamField {
  name: string;
  type: ToolParamType;
  required: boolean;
  /** The allowed values of an `enum` field. */
  options?: string[];
  description?: string;
}

interface JsonSchemaNode {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  anyOf?: JsonSchemaNode[];
}

function fieldType(node: JsonSchemaNode): Pick<ToolParamField, "type" | "options"> {
  if (Array.isArray(node.enum) && node.enum.every((v) => typeof v === "string")) {
    return { type: "enum", options: node.enum as string[] };
  }
  const types = (Array.isArray(node.type) ? node.type : node.type ? [node.type] : []).filter((t) => t !== "null");
  if (types.length !== 1) {
    const variants = (node.anyOf ?? []).filter((v) => v.type !== "null");
    return variants.length === 1 ? fieldType(variants[0]) : { type: "unknown" };
  }
  const [type] = types;
  if (type === "integer" || type === "number") return { type: "number" };
  if (type === "string" || type === "boolean" || type === "object" || type === "array") return { type };
  return { type: "unknown" };
}

/**
 * Top-level fields of a tool whose params are a zod object, in declaration order.
 * A tool that takes free-form params (such as `set`) has no fixed fields: `[]`.
 */
export function describeToolParams(tool: Pick<ToolDefinition, "params">): ToolParamField[] {
  const schema = z.toJSONSchema(tool.params, { io: "input", unrepresentable: "any" }) as JsonSchemaNode;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, node]) => ({
    name,
    required: required.has(name),
    ...fieldType(node),
    ...(node.description ? { description: node.description } : {}),
  }));
}
