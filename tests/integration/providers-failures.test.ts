import { afterEach, describe, expect, it } from "vitest";
import { agent, graph, until } from "@/engine/testing/harness";
import { startFakeLlm, type FakeLlm } from "./support/fake-llm";
import { anthropicMessages, errorReply, openaiChat } from "./support/fake-llm-protocols";
import { fakeSettings, providerHarness } from "./support/provider-harness";

let llm: FakeLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

const usage = { input: 10, output: 5 };
const one = (model = "openai:gpt-4o-mini", extra: Record<string, unknown> = {}) => graph([agent("a", { model, user_message: "hi", ...extra })]);

describe("provider failures", () => {
  it("429 is retried by the engine after Retry-After, and the step records the attempt", async () => {
    const arrivals: number[] = [];
    llm = await startFakeLlm((req, res, n) => {
      arrivals.push(Date.now());
      if (n === 1) return errorReply(res, 429, "Rate limit reached", { "retry-after": "1" });
      void openaiChat(res, req.body.stream === true, ["ok"], usage);
    });
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one());
    expect(run.status).toBe("completed");
    expect(llm.requests).toHaveLength(2);
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(950);
    const [step] = await h.steps(run.id);
    expect([step.attempt, step.output]).toEqual([2, "ok"]);
  });

  it("5xx is retried at least twice even when the node sets no retries", async () => {
    llm = await startFakeLlm((_req, res) => errorReply(res, 503, "overloaded", { "retry-after": "0" }));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one("anthropic:claude-haiku-4-5"));
    expect(run.status).toBe("failed");
    expect(llm.requests).toHaveLength(3);
    expect(run.error_message).toContain("anthropic:claude-haiku-4-5");
    expect(run.error_message).toContain("503");
  });

  it("401 fails fast with exactly one call, naming the model and the refusal", async () => {
    llm = await startFakeLlm((_req, res) => errorReply(res, 401, "Incorrect API key provided"));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one("openai:gpt-4o-mini", { retries: 3 }));
    expect(run.status).toBe("failed");
    expect(llm.requests).toHaveLength(1);
    expect(run.error_message).toContain("openai:gpt-4o-mini");
    expect(run.error_message).toContain("HTTP 401");
    expect(run.error_message).toContain("Incorrect API key provided");
    const [step] = await h.steps(run.id);
    expect(step.attempt).toBe(1);
  });

  it("a stream cut mid-way fails the step cleanly, without partial output; the next call works", async () => {
    llm = await startFakeLlm((req, res, n) => void openaiChat(res, req.body.stream === true, ["par", "tial", " reply"], usage, n === 1 ? { cutAfter: 2 } : {}));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one());
    expect(run.status).toBe("failed");
    expect(run.error_message).toContain("stream was cut");
    const [step] = await h.steps(run.id);
    expect(step.status).toBe("failed");
    expect(step.output).toBeNull();
    expect(run.output).toBeNull();
    const again = await h.run(one());
    expect(again.status).toBe("completed");
    expect((await h.steps(again.id))[0].output).toBe("partial reply");
  });

  it("a stream that just stops without finishing is also a cut, for Anthropic too", async () => {
    llm = await startFakeLlm((req, res) => void anthropicMessages(res, req.body.stream === true, ["a", "b", "c"], usage, { cutAfter: 1 }));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one("anthropic:claude-haiku-4-5"));
    expect(run.status).toBe("failed");
    expect(run.error_message).toContain("stream was cut");
  });

  it("cancel aborts the request: the fake server sees the connection close", async () => {
    llm = await startFakeLlm((req, res) => void openaiChat(res, req.body.stream === true, Array.from({ length: 100 }, (_, i) => `w${i} `), usage, { delayMs: 100 }));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const started = await h.startRun(one());
    await until(() => h.deltas.length > 0);
    const closedBefore = llm.closedSockets;
    await h.engine.cancel(started.id, "tester");
    const run = await started.done;
    expect(run.status).toBe("failed");
    expect(run.error_message).toContain("cancelled by tester");
    await until(() => llm!.closedSockets > closedBefore);
    expect(llm.requests).toHaveLength(1);
  });

  it("timeout_ms aborts the request too", async () => {
    llm = await startFakeLlm((req, res) => void openaiChat(res, req.body.stream === true, Array.from({ length: 100 }, (_, i) => `w${i} `), usage, { delayMs: 100 }));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one("openai:gpt-4o-mini", { timeout_ms: 300 }));
    expect(run.status).toBe("failed");
    expect(run.error_message).toContain("timed out");
    await until(() => llm!.closedSockets > 0);
  });
});
