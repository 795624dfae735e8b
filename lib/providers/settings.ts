/**
 * Provider settings (SPEC §7) read from the environment once, when the runtime builds
 * its model gateway. Keys are never logged or stored; base URLs end in `/v1` as the
 * AI SDK expects.
 */

/** Which OpenAI API `openai:<model>` speaks: Chat Completions or Responses. */
export type OpenAIApi = "chat" | "responses";

export interface ProviderSettings {
  openai: { apiKey?: string; baseURL?: string; api: OpenAIApi };
  anthropic: { apiKey?: string; baseURL?: string };
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio); free of charge. */
  local: { baseURL: string; apiKey?: string };
  /** Stream replies (chunks become live `step.delta` events); off: one JSON reply per call. */
  stream: boolean;
}

export const DEFAULT_LOCAL_BASE_URL = "http://127.0.0.1:11434/v1";

const nonEmpty = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : undefined);

/**
 * Settings from `OPENAI_API_KEY`, `OPENAI_BASE_URL`, `SWITCHYARD_OPENAI_API`
 * (`chat` default, or `responses`), `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`,
 * `SWITCHYARD_LOCAL_BASE_URL`, `SWITCHYARD_LOCAL_API_KEY` and `SWITCHYARD_MODEL_STREAMING`
 * (`off` for servers whose streaming is broken).
 */
export function providerSettingsFromEnv(env: Record<string, string | undefined> = process.env): ProviderSettings {
  const api = nonEmpty(env.SWITCHYARD_OPENAI_API)?.toLowerCase();
  if (api !== undefined && api !== "chat" && api !== "responses") {
    throw new Error(`SWITCHYARD_OPENAI_API must be "chat" or "responses", not "${api}"`);
  }
  const streaming = nonEmpty(env.SWITCHYARD_MODEL_STREAMING)?.toLowerCase();
  return {
    openai: { apiKey: nonEmpty(env.OPENAI_API_KEY), baseURL: nonEmpty(env.OPENAI_BASE_URL), api: api ?? "chat" },
    anthropic: { apiKey: nonEmpty(env.ANTHROPIC_API_KEY), baseURL: nonEmpty(env.ANTHROPIC_BASE_URL) },
    local: { baseURL: nonEmpty(env.SWITCHYARD_LOCAL_BASE_URL) ?? DEFAULT_LOCAL_BASE_URL, apiKey: nonEmpty(env.SWITCHYARD_LOCAL_API_KEY) },
    stream: !["off", "false", "0", "no"].includes(streaming ?? ""),
  };
}
