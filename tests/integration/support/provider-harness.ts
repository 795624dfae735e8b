/**
 * Engine-level provider tests: an Engine on the in-memory store whose model gateway
 * uses the real provider adapters, pointed at a fake LLM server.
 */
import { createModelGateway } from "@/engine/models/gateway";
import type { DeltaEvent, RunEventPublisher, StoredEvent } from "@/engine/ports";
import { harness, type Harness } from "@/engine/testing/harness";
import { createProviderCalls, type ProviderSettings } from "@/lib/providers";

export interface ProviderHarness extends Harness {
  deltas: DeltaEvent[];
  published: StoredEvent[];
}

/** Settings with every provider pointed at `baseURL` and test keys. */
export function fakeSettings(baseURL: string, overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    openai: { apiKey: "sk-test-openai", baseURL, api: "chat" },
    anthropic: { apiKey: "sk-ant-test", baseURL },
    local: { baseURL },
    stream: true,
    ...overrides,
  };
}

export function providerHarness(settings: ProviderSettings): ProviderHarness {
  const deltas: DeltaEvent[] = [];
  const published: StoredEvent[] = [];
  const events: RunEventPublisher = { publish: (_id, e) => published.push(...e), delta: (d) => deltas.push(d) };
  const h = harness([], { models: createModelGateway(createProviderCalls(settings)), events });
  return { ...h, deltas, published };
}
