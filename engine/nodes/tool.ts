/** The tool kind: a registered tool called with templated params; writes its result (SPEC §12). */
import { z } from "zod";
import { NodeError } from "../errors";
import { baseConfig, nodeShape, outputKeyField } from "../graph/node-shape";
import { KEEP_SECRETS, SECRET_TOOL, withSecrets } from "../secrets";
import { renderDeep } from "../template";
import type { ToolDefinition } from "../tools/types";
import { checkToolParams } from "../validate/check-tool-params";
import { configPath } from "../validate/context";
import { nodeName } from "../validate/names";
import { ownOutputKey, type ExecutableKind, type RunContext } from "./types";

export const toolConfigSchema = z.object({
  ...baseConfig,
  tool: z.string().min(1).max(200),
  params: z.record(z.string(), z.unknown()).default({}),
  output_key: outputKeyField,
});

export const toolNodeSchema = nodeShape("tool", toolConfigSchema);
export type ToolNode = z.infer<typeof toolNodeSchema>;

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
    clock: ctx.clock,
  });
}

export const toolKind: ExecutableKind<ToolNode> = {
  type: "tool",
  admission: "execute",
  edges: "all",
  join: "each",
  outputKey: ownOutputKey,
  check(node, at, ctx, report) {
    const name = nodeName(node, node.id);
    const tool = ctx.tools.get(node.config.tool);
    if (!tool) {
      report("unknown_tool", { node: name, tool: node.config.tool }, { node_id: node.id, path: configPath(at, "tool") });
      return;
    }
    for (const problem of checkToolParams(tool, node.config.params ?? {})) {
      const param = problem.path.length ? problem.path.join(".") : "(all params)";
      report("invalid_tool_params", { node: name, tool: tool.name, param, message: problem.message }, { node_id: node.id, path: configPath(at, "params", ...problem.path) });
    }
  },
  prepare(node, state) {
    const c = node.config;
    // `{secrets.NAME}` stays a placeholder until the last moment (and state can never fill it).
    const secretAware = c.tool === SECRET_TOOL;
    const params = secretAware ? renderDeep(c.params, state, KEEP_SECRETS) : renderDeep(c.params, state);
    const key = ownOutputKey(node);
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
