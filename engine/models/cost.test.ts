import { describe, expect, it } from "vitest";
import { agent, graph, harness, tool } from "../testing/harness";
import { costBreakdown } from "./breakdown";
import { costMicros, formatUsd, microsToUsd } from "./cost";
import { estimateTokens, mockReply } from "./mock-model";
import { isKnownModel, priceOf, PRICE_TABLE } from "./prices";

describe("price table and cost (SPEC §7)", () => {
  it("prices tokens per million, rounded once to whole micro-USD", () => {
    // gpt-4o-mini: $0.15 in / $0.60 out per million tokens.
    expect(costMicros("openai:gpt-4o-mini", { tokens_in: 1000, tokens_out: 500 })).toBe(450);
    expect(costMicros("openai:gpt-4o-mini", { tokens_in: 3, tokens_out: 1 })).toBe(1);
    expect(costMicros("anthropic:claude-sonnet-4-5", { tokens_in: 1_000_000, tokens_out: 1_000_000 })).toBe(18_000_000);
    expect(microsToUsd(450)).toBe(0.00045);
    expect(formatUsd(450)).toBe("$0.000450");
  });

  it("prices cached input at the cached rate where the table has one", () => {
    expect(costMicros("openai:gpt-4o", { tokens_in: 1000, cached_tokens_in: 1000, tokens_out: 0 })).toBe(1250);
    expect(costMicros("openai:gpt-4o", { tokens_in: 1000, tokens_out: 0 })).toBe(2500);
  });

  it("unknown models cost nothing; local models are known and free", () => {
    expect(costMicros("openai:gpt-nonexistent", { tokens_in: 1e6, tokens_out: 1e6 })).toBe(0);
    expect(isKnownModel("openai:gpt-nonexistent")).toBe(false);
    expect(isKnownModel("local:llama3.1:8b")).toBe(true);
    expect(costMicros("local:llama3.1:8b", { tokens_in: 1e6, tokens_out: 1e6 })).toBe(0);
    expect(PRICE_TABLE.every((p) => p.input_usd_per_mtok > 0 && p.output_usd_per_mtok > 0)).toBe(true);
  });

  it("the mock model is deterministic, offline, and has a small non-zero price", () => {
    const a = mockReply({ system_prompt: "s", user_message: "hello world" });
    expect(mockReply({ system_prompt: "s", user_message: "hello world" })).toEqual(a);
    expect(mockReply({ system_prompt: "s", user_message: "hello there" }).text).not.toBe(a.text);
    expect(a.usage.tokens_in).toBe(estimateTokens("s\nhello world"));
    expect(priceOf("mock")!.input_usd_per_mtok).toBeGreaterThan(0);
  });
});

describe("cost attribution in runs", () => {
  it("records each agent step's cost; steps sum to the run; breakdown by model and node", async () => {
    const h = harness();
    const g = graph([agent("a", { user_message: "x".repeat(4000) }), agent("b", { user_message: "{a}" }), tool("t", "set", { k: 1 })], "a>b", "b>t");
    const run = await h.run(g);
    const steps = await h.steps(run.id);
    for (const s of steps.filter((s) => s.node_type === "agent")) {
      expect(s.cost_micros).toBe(costMicros("mock", { tokens_in: s.tokens_in, tokens_out: s.tokens_out }));
      expect(s.cost_micros).toBeGreaterThan(0);
    }
    expect(steps.find((s) => s.node_id === "t")?.cost_micros).toBe(0);
    expect(run.cost_micros).toBe(steps.reduce((n, s) => n + s.cost_micros, 0));
    expect(run.tokens_in).toBe(steps.reduce((n, s) => n + s.tokens_in, 0));
    const b = costBreakdown(steps);
    expect(b.total_micros).toBe(run.cost_micros);
    expect(b.by_model).toEqual([{ key: "mock", cost_micros: run.cost_micros, tokens_in: run.tokens_in, tokens_out: run.tokens_out, steps: 2 }]);
    expect(b.by_node.map((l) => l.key)).toEqual(["a", "b"]);
  });

  it("an unknown model runs and costs $0", async () => {
    const h = harness(undefined, {
      models: { call: async () => ({ text: "hi", usage: { tokens_in: 10, tokens_out: 10 } }) },
    });
    const run = await h.run(graph([agent("a", { model: "openai:gpt-unknown" })]));
    expect(run.status).toBe("completed");
    expect(run.cost_micros).toBe(0);
    expect(run.tokens_in).toBe(10);
  });
});
