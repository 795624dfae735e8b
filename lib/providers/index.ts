/**
 * Real model providers for the engine's gateway (SPEC §7): `openai:<id>`,
 * `anthropic:<id>` and `local:<id>` (any OpenAI-compatible server), through the AI SDK.
 * The runtime registers them with `createModelGateway(createProviderCalls())`.
 */
import type { ProviderCall } from "@/engine/models/gateway";
import { generateReply, streamReply } from "./call-model";
import { createModelFactory, type ProviderName } from "./language-models";
import { providerSettingsFromEnv, type ProviderSettings } from "./settings";

export { providerSettingsFromEnv, DEFAULT_LOCAL_BASE_URL, type ProviderSettings, type OpenAIApi } from "./settings";
export { toProviderError, retryDelayFrom, MAX_RETRY_AFTER_MS, PROVIDER_MIN_RETRIES } from "./provider-error";
export { toModelUsage } from "./usage";

const PROVIDERS: readonly ProviderName[] = ["openai", "anthropic", "local"];

/** Provider adapters keyed by prefix, for `createModelGateway`; settings default to the environment. */
export function createProviderCalls(settings: ProviderSettings = providerSettingsFromEnv()): Record<string, ProviderCall> {
  const modelFor = createModelFactory(settings);
  const call = settings.stream ? streamReply : generateReply;
  return Object.fromEntries(
    PROVIDERS.map((provider): [string, ProviderCall] => [provider, (modelId, req) => call(modelFor(provider, modelId), req, `${provider}:${modelId}`)]),
  );
}
