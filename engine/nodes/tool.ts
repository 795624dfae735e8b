/** The tool kind: a registered tool called with templated params; writes its result (SPEC §12). */
import { NodeError } from "../errors";
import { renderDeep } from "../template";
import type { NodeKind } from "./types";

export const toolKind: NodeKind<"tool"> = {
  type: "tool",
  prepare(node, state) {
    const c = node.config;
    const params = renderDeep(c.params, state);
    const key = c.output_key ?? node.id;
    return {
      async run(ctx) {
        const tool = ctx.tools.get(c.tool);
        if (!tool) throw new NodeError("tool_error", `unknown tool '${c.tool}'`, { retryable: false });
        const parsed = tool.params.safeParse(params);
        if (!parsed.success) {
          const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "params"}: ${i.message}`).join("; ");
          throw new NodeError("tool_error", `invalid params for tool '${c.tool}': ${detail}`, { retryable: false });
        }
        const result = await tool.run(parsed.data, {
          signal: ctx.signal,
          idempotency_key: ctx.idempotency_key,
          run_id: ctx.run_id,
          node_id: ctx.node_id,
        });
        return { output: result, writes: { [key]: result }, branch: null };
      },
    };
  },
};
