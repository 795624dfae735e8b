/** The agent kind: one LLM call; writes the reply text at `output_key` (SPEC §2, §7). */
import { z } from "zod";
import { baseConfig, nodeShape, outputKeyField } from "../graph/node-shape";
import { costMicros } from "../models/cost";
import { renderTemplate } from "../template";
import { publicState } from "../run/state";
import { configPath } from "../validate/context";
import { nodeName } from "../validate/names";
import { ownOutputKey, type ExecutableKind } from "./types";

export const agentConfigSchema = z.object({
  ...baseConfig,
  model: z.string().min(1).max(200),
  system_prompt: z.string().optional(),
  user_message: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().max(1_000_000).optional(),
  output_key: outputKeyField,
});

export const agentNodeSchema = nodeShape("agent", agentConfigSchema);
export type AgentNode = z.infer<typeof agentNodeSchema>;

export const agentKind: ExecutableKind<AgentNode> = {
  type: "agent",
  admission: "execute",
  edges: "all",
  join: "each",
  outputKey: ownOutputKey,
  check(node, at, ctx, report) {
    if (!ctx.knownModel(node.config.model)) report("unknown_model", { node: nodeName(node, node.id), model: node.config.model }, { node_id: node.id, path: configPath(at, "model") });
  },
  prepare(node, state) {
    const c = node.config;
    const system_prompt = c.system_prompt === undefined ? undefined : renderTemplate(c.system_prompt, state);
    // Default user message: the public state as JSON (SPEC §4).
    const user_message = c.user_message === undefined ? JSON.stringify(publicState(state)) : renderTemplate(c.user_message, state);
    const key = ownOutputKey(node);
    return {
      async run(ctx) {
        const reply = await ctx.models.call({
          model: c.model,
          system_prompt,
          user_message,
          temperature: c.temperature,
          max_tokens: c.max_tokens,
          signal: ctx.signal,
          idempotency_key: ctx.idempotency_key,
          onDelta: ctx.onDelta,
        });
        return {
          output: reply.text,
          writes: { [key]: reply.text },
          branch: null,
          usage: {
            model: c.model,
            tokens_in: reply.usage.tokens_in,
            tokens_out: reply.usage.tokens_out,
            cost_micros: costMicros(c.model, reply.usage),
          },
        };
      },
    };
  },
};
