/** The tool kind: a registered tool called with templated params; writes its result (SPEC §12). */
import { NodeError } from "../errors";
import { KEEP_SECRETS, SECRET_TOOL, withSecrets } from "../secrets";
import { renderDeep } from "../template";
import type { ToolDefinition } from "../tools/types";
import type { NodeKind, RunContext } from "./types";

async function callTool(tool: ToolDefinition, params: Record<string, unknown>, ctx: RunContext): Promise<unknown> {
  const parsed = tool.params.safeParse(params);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "params"}: ${i.message}`).join("; ");
    throw new NodeError("tool_error", `invalid params for tool '${tool.name}': ${detail}`, { retryable: false });
  }
  return tool.run(parsed.data, {
    signal: ctx.signal,
    idempotency_key: ctx.idempotency_key,
    run_id: ctx.run_id,
    node_id: ctx.node_id,
  });
}

export const toolKind: NodeKind<"tool"> = {
  type: "tool",
  prepare(node, state) {
    const c = node.config;
    // `{secrets.NAME}` stays a placeholder until the last moment (and state can never fill it).
    const secretAware = c.tool === SECRET_TOOL;
    const params = secretAware ? renderDeep(c.params, state, KEEP_SECRETS) : renderDeep(c.params, state);
    const key = c.output_key ?? node.id;
    return {
      async run(ctx) {
        const tool = ctx.tools.get(c.tool);
        if (!tool) throw new NodeError("tool_error", `unknown tool '${c.tool}'`, { retryable: false });
        const result = secretAware ? await withSecrets(params, ctx.secrets, (p) => callTool(tool, p, ctx)) : await callTool(tool, params, ctx);
        return { output: result, writes: { [key]: result }, branch: null };
      },
    };
  },
};
