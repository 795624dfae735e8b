/**
 * The `mock` model: a deterministic, offline fake LLM (SPEC §7). Its reply is derived
 * from the prompt and its token counts are estimated from text length (≈ 4 chars/token),
 * so demos and tests show real cost figures without any network.
 */
import type { ModelReply, ModelRequest } from "../ports";

/** ≈ 4 characters per token, at least 1 for non-empty text. */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4));
}

/** FNV-1a, 32-bit: a cheap, stable fingerprint of the prompt. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const PREVIEW_CHARS = 60;

/** The reply: a short, prompt-dependent sentence whose length does not grow with the prompt. */
export function mockReply(req: Pick<ModelRequest, "system_prompt" | "user_message">): ModelReply {
  const prompt = `${req.system_prompt ?? ""}\n${req.user_message}`;
  const fingerprint = fnv1a(prompt).toString(16).padStart(8, "0");
  const preview = req.user_message.replace(/\s+/g, " ").trim().slice(0, PREVIEW_CHARS);
  const text = `[mock ${fingerprint}] ${preview}`;
  return { text, usage: { tokens_in: estimateTokens(prompt), tokens_out: estimateTokens(text) } };
}
