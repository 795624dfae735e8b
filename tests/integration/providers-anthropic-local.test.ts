import { afterEach, describe, expect, it } from "vitest";
import { costMicros } from "@/engine/models/cost";
import { agent, graph } from "@/engine/testing/harness";
import { startFakeLlm, type FakeLlm } from "./support/fake-llm";
import { anthropicMessages, openaiChat } from "./support/fake-llm-protocols";
import { fakeSettings, providerHarness } from "./support/provider-harness";

let llm: FakeLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

describe("anthropic: Messages", () => {
  const usage = { input: 900, output: 120, cached: 300 };
  const g = graph([agent("a", { model: "anthropic:claude-haiku-4-5", system_prompt: "sys", user_message: "hi", max_tokens: 256 })]);

  it("streams message_start … message_stop; key in x-api-key; input includes cache reads", async () => {
    llm = await startFakeLlm((req, res) => void anthropicMessages(res, req.body.stream === true, ["Bon", "jour"], usage));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(g);
    expect(run.error_message).toBeNull();
    const [req] = llm.requests;
    expect(req.path).toBe("/v1/messages");
    expect(req.headers["x-api-key"]).toBe("sk-ant-test");
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers["anthropic-version"]).toBeTruthy();
    expect(req.body).toMatchObject({ model: "claude-haiku-4-5", stream: true, max_tokens: 256 });
    const [step] = await h.steps(run.id);
    expect([step.output, step.tokens_in, step.tokens_out]).toEqual(["Bonjour", 900, 120]);
    expect(step.cost_micros).toBe(costMicros("anthropic:claude-haiku-4-5", { tokens_in: 900, cached_tokens_in: 300, tokens_out: 120 }));
    expect(step.cost_micros).toBe(Math.round(600 * 1 + 300 * 0.1 + 120 * 5));
    expect(h.deltas.map((d) => d.text)).toEqual(["Bon", "jour"]);
  });

  it("JSON replies when streaming is off", async () => {
    llm = await startFakeLlm((req, res) => void anthropicMessages(res, req.body.stream === true, ["Bon", "jour"], usage));
    const h = providerHarness(fakeSettings(llm.baseURL, { stream: false }));
    const run = await h.run(g);
    const [step] = await h.steps(run.id);
    expect([step.output, step.tokens_in, step.tokens_out]).toEqual(["Bonjour", 900, 120]);
  });
});

describe("local: an OpenAI-compatible (Ollama-style) server", () => {
  it("passes everything after the first colon as the model id, costs $0", async () => {
    llm = await startFakeLlm((req, res) => void openaiChat(res, req.body.stream === true, ["llama ", "says hi"], { input: 50, output: 7 }));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(graph([agent("a", { model: "local:llama3.1:8b", user_message: "hi" })]));
    expect(run.status).toBe("completed");
    const [req] = llm.requests;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.body).toMatchObject({ model: "llama3.1:8b", stream: true, stream_options: { include_usage: true } });
    expect(req.headers.authorization).toBeUndefined();
    const [step] = await h.steps(run.id);
    expect([step.output, step.tokens_in, step.tokens_out, step.cost_micros, step.model]).toEqual(["llama says hi", 50, 7, 0, "local:llama3.1:8b"]);
  });
});
