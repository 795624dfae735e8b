import { afterEach, describe, expect, it } from "vitest";
import { costMicros } from "@/engine/models/cost";
import { agent, graph } from "@/engine/testing/harness";
import { startFakeLlm, type FakeLlm } from "./support/fake-llm";
import { openaiChat, openaiResponses } from "./support/fake-llm-protocols";
import { fakeSettings, providerHarness } from "./support/provider-harness";

let llm: FakeLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

const usage = { input: 1200, output: 300, cached: 200, reasoning: 40 };
const one = (model = "openai:gpt-4o-mini") => graph([agent("ask", { model, system_prompt: "Be brief.", user_message: "Hello {name}" })]);

describe("openai: Chat Completions", () => {
  it("streams: chunks become deltas, the reply and usage land on the step, cost from the price table", async () => {
    llm = await startFakeLlm((req, res) => void openaiChat(res, req.body.stream === true, ["Hel", "lo ", "Ada"], usage));
    const h = providerHarness(fakeSettings(llm.baseURL));
    const run = await h.run(one(), { name: "Ada" });
    expect(run.status).toBe("completed");
    const [req] = llm.requests;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe("Bearer sk-test-openai");
    expect(req.body).toMatchObject({ model: "gpt-4o-mini", stream: true, stream_options: { include_usage: true } });
    expect(JSON.stringify(req.body.messages)).toContain("Hello Ada");
    const [step] = await h.steps(run.id);
    expect(step.output).toBe("Hello Ada");
    expect(run.output).toMatchObject({ ask: "Hello Ada" });
    expect([step.tokens_in, step.tokens_out, step.model]).toEqual([1200, 300, "openai:gpt-4o-mini"]);
    // 1000 uncached × $0.15 + 200 cached × $0.075 + 300 out × $0.60 per million tokens.
    expect(step.cost_micros).toBe(Math.round(1000 * 0.15 + 200 * 0.075 + 300 * 0.6));
    expect(step.cost_micros).toBe(costMicros("openai:gpt-4o-mini", { tokens_in: 1200, cached_tokens_in: 200, tokens_out: 300 }));
    expect(run.cost_micros).toBe(step.cost_micros);
    expect(h.deltas.map((d) => d.text)).toEqual(["Hel", "lo ", "Ada"]);
    expect(h.deltas[0]).toMatchObject({ node_id: "ask", step_id: step.id });
  });

  it("JSON replies when streaming is off", async () => {
    llm = await startFakeLlm((req, res) => void openaiChat(res, req.body.stream === true, ["Hi", " there"], usage));
    const h = providerHarness(fakeSettings(llm.baseURL, { stream: false }));
    const run = await h.run(one());
    const [step] = await h.steps(run.id);
    expect(llm.requests[0].body.stream).not.toBe(true);
    expect([step.output, step.tokens_in, step.tokens_out]).toEqual(["Hi there", 1200, 300]);
  });
});

describe("openai: Responses", () => {
  const settings = (baseURL: string, stream: boolean) => fakeSettings(baseURL, { stream, openai: { apiKey: "sk-test-openai", baseURL, api: "responses" } });

  it("streams events up to response.completed with its usage", async () => {
    llm = await startFakeLlm((req, res) => void openaiResponses(res, req.body.stream === true, ["Good ", "day"], usage));
    const h = providerHarness(settings(llm.baseURL, true));
    const run = await h.run(one("openai:gpt-4o"));
    expect(run.error_message).toBeNull();
    expect(llm.requests[0].path).toBe("/v1/responses");
    expect(llm.requests[0].headers.authorization).toBe("Bearer sk-test-openai");
    const [step] = await h.steps(run.id);
    expect([step.output, step.tokens_in, step.tokens_out]).toEqual(["Good day", 1200, 300]);
    expect(step.cost_micros).toBe(costMicros("openai:gpt-4o", { tokens_in: 1200, cached_tokens_in: 200, tokens_out: 300 }));
    expect(h.deltas.map((d) => d.text).join("")).toBe("Good day");
  });

  it("JSON replies when streaming is off", async () => {
    llm = await startFakeLlm((req, res) => void openaiResponses(res, req.body.stream === true, ["Good ", "day"], usage));
    const h = providerHarness(settings(llm.baseURL, false));
    const run = await h.run(one("openai:gpt-4o"));
    const [step] = await h.steps(run.id);
    expect([step.output, step.tokens_in, step.tokens_out]).toEqual(["Good day", 1200, 300]);
  });
});
