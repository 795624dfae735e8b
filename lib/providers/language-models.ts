/**
 * One AI SDK provider instance per configured provider, built once; `languageModel`
 * picks the model for `openai:` / `anthropic:` / `local:` ids.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { ProviderSettings } from "./settings";

export type ProviderName = "openai" | "anthropic" | "local";

export type ModelFactory = (provider: ProviderName, modelId: string) => LanguageModel;

/** A factory over provider instances made from `settings`. */
export function createModelFactory(settings: ProviderSettings): ModelFactory {
  const openai = createOpenAI({ apiKey: settings.openai.apiKey, baseURL: settings.openai.baseURL });
  const anthropic = createAnthropic({ apiKey: settings.anthropic.apiKey, baseURL: settings.anthropic.baseURL });
  // includeUsage asks the server for the final usage chunk (`stream_options.include_usage`).
  const local = createOpenAICompatible({ name: "local", baseURL: settings.local.baseURL, apiKey: settings.local.apiKey, includeUsage: true });
  return (provider, modelId) => {
    switch (provider) {
      case "openai":
        return settings.openai.api === "responses" ? openai.responses(modelId) : openai.chat(modelId);
      case "anthropic":
        return anthropic.messages(modelId);
      case "local":
        return local.chatModel(modelId);
    }
  };
}
