/** AI SDK usage → the engine's token counts (SPEC §7). */
import type { LanguageModelUsage } from "ai";
import type { ModelUsage } from "@/engine/ports";

const count = (n: number | undefined) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.round(n) : 0);

/**
 * Input tokens include cached ones (priced at the cached rate by `costMicros`); output
 * tokens include reasoning tokens, which providers bill as output.
 */
export function toModelUsage(usage: LanguageModelUsage | undefined): ModelUsage {
  const tokens_in = count(usage?.inputTokens);
  const cached = Math.min(count(usage?.inputTokenDetails?.cacheReadTokens), tokens_in);
  const out: ModelUsage = { tokens_in, tokens_out: count(usage?.outputTokens) };
  if (cached > 0) out.cached_tokens_in = cached;
  return out;
}
