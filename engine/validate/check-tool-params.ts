/**
 * Tool params are templated at run time, so only findings that no rendering can change
 * are errors: a required param missing entirely, or a wrong value with no `{placeholder}`
 * anywhere in it. Rendering only rewrites string leaves, always into strings, and never
 * adds keys.
 */
import type { ToolDefinition } from "../tools/types";

export interface ParamProblem {
  /** Path inside params, e.g. `["headers", "accept"]`; empty for the params object itself. */
  path: (string | number)[];
  message: string;
}

/** A string that rendering may change: it holds a placeholder or an escaped brace. */
function isTemplated(value: unknown): boolean {
  return typeof value === "string" && /[{}]/.test(value);
}

function containsTemplate(value: unknown): boolean {
  if (isTemplated(value)) return true;
  if (value !== null && typeof value === "object") return Object.values(value).some(containsTemplate);
  return false;
}

/** Whether a schema issue at `path` holds whatever the placeholders render to. */
function isCertain(params: unknown, path: (string | number)[]): boolean {
  let current = params;
  for (const key of path) {
    if (isTemplated(current)) return false;
    if (current === null || typeof current !== "object") return true;
    if (!Object.hasOwn(current, key)) return true;
    current = (current as Record<string | number, unknown>)[key];
  }
  return !containsTemplate(current);
}

/** Problems with a node's params that hold whatever its placeholders render to. */
export function checkToolParams(tool: ToolDefinition, params: Record<string, unknown>): ParamProblem[] {
  let parsed: ReturnType<ToolDefinition["params"]["safeParse"]>;
  try {
    parsed = tool.params.safeParse(params);
  } catch {
    // A schema that only parses asynchronously cannot be checked ahead of time.
    return [];
  }
  if (parsed.success) return [];
  const problems: ParamProblem[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map((k) => (typeof k === "number" ? k : String(k)));
    if (isCertain(params, path)) problems.push({ path, message: issue.message });
  }
  return problems;
}
