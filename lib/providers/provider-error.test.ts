import { APICallError, LoadAPIKeyError } from "ai";
import { describe, expect, it } from "vitest";
import { NodeError } from "@/engine/errors";
import { retryDelayFrom, toProviderError } from "./provider-error";
import { providerSettingsFromEnv } from "./settings";
import { toModelUsage } from "./usage";

const apiError = (statusCode: number | undefined, headers: Record<string, string> = {}) =>
  new APICallError({ message: "upstream says no", url: "http://x/v1/chat/completions", requestBodyValues: {}, statusCode, responseHeaders: headers });

describe("toProviderError", () => {
  it("refusals fail at once and name the model", () => {
    for (const status of [400, 401, 403, 404]) {
      const e = toProviderError(apiError(status), "openai:gpt-4o-mini");
      expect([e.retryable, e.code]).toEqual([false, "model_error"]);
      expect(e.message).toBe(`openai:gpt-4o-mini: provider refused the request (HTTP ${status}): upstream says no`);
    }
  });

  it("429 and 5xx are retried at least twice, after Retry-After (capped at 60 s)", () => {
    const e = toProviderError(apiError(429, { "Retry-After": "7" }), "anthropic:claude-haiku-4-5");
    expect([e.retryable, e.minRetries, e.retryAfterMs]).toEqual([true, 2, 7000]);
    expect(toProviderError(apiError(500, { "retry-after": "3600" }), "m").retryAfterMs).toBe(60_000);
    expect(toProviderError(apiError(502), "m").retryAfterMs).toBeUndefined();
  });

  it("a missing key is a clear, final error; NodeErrors pass through", () => {
    const e = toProviderError(new LoadAPIKeyError({ message: "OpenAI API key is missing." }), "openai:gpt-4o");
    expect(e.retryable).toBe(false);
    expect(e.message).toContain("no API key configured");
    const own = new NodeError("cancelled", "x", { retryable: false });
    expect(toProviderError(own, "m")).toBe(own);
  });
});

describe("retryDelayFrom", () => {
  it("reads seconds, HTTP dates and retry-after-ms", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryDelayFrom({ "retry-after": "2" }, now)).toBe(2000);
    expect(retryDelayFrom({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, now)).toBe(5000);
    expect(retryDelayFrom({ "retry-after-ms": "250" }, now)).toBe(250);
    expect(retryDelayFrom({}, now)).toBeUndefined();
    expect(retryDelayFrom({ "retry-after": "soon" }, now)).toBeUndefined();
  });
});

describe("toModelUsage", () => {
  it("keeps cached input within input and counts reasoning as output", () => {
    const usage = {
      inputTokens: 100,
      inputTokenDetails: { noCacheTokens: 60, cacheReadTokens: 40, cacheWriteTokens: 0 },
      outputTokens: 30,
      outputTokenDetails: { textTokens: 20, reasoningTokens: 10 },
      totalTokens: 130,
    };
    expect(toModelUsage(usage)).toEqual({ tokens_in: 100, tokens_out: 30, cached_tokens_in: 40 });
    expect(toModelUsage(undefined)).toEqual({ tokens_in: 0, tokens_out: 0 });
  });
});

describe("providerSettingsFromEnv", () => {
  it("reads keys, base URLs and the OpenAI API choice; local defaults to Ollama", () => {
    const s = providerSettingsFromEnv({ OPENAI_API_KEY: "k1", ANTHROPIC_BASE_URL: "http://a/v1", SWITCHYARD_OPENAI_API: "responses" });
    expect(s.openai).toEqual({ apiKey: "k1", baseURL: undefined, api: "responses" });
    expect(s.anthropic.baseURL).toBe("http://a/v1");
    expect(s.local.baseURL).toBe("http://127.0.0.1:11434/v1");
    expect(s.stream).toBe(true);
    expect(providerSettingsFromEnv({ SWITCHYARD_MODEL_STREAMING: "off" }).stream).toBe(false);
    expect(() => providerSettingsFromEnv({ SWITCHYARD_OPENAI_API: "completions" })).toThrow(/chat" or "responses/);
  });
});
