import { describe, expect, it } from "vitest";
import type { SpendGroup } from "@/lib/client/run-types";
import { labelHints } from "./labels";

const group = (key: string, label: string, workflow_id?: string): SpendGroup => ({ key, label, workflow_id, cost_usd: 0, tokens_in: 0, tokens_out: 0, steps: 0, runs: 0 });

describe("labelHints", () => {
  it("gives groups that share a label the start of their workflow id, and others nothing", () => {
    const hints = labelHints([group("wfAAAAAA111", "Digest", "wfAAAAAA111"), group("wfBBBBBB222", "Digest", "wfBBBBBB222"), group("wfC", "Publish", "wfC")]);
    expect(Object.fromEntries(hints)).toEqual({ wfAAAAAA111: "wfAAAA", wfBBBBBB222: "wfBBBB" });
  });

  it("lengthens the hint until the ids differ", () => {
    const hints = labelHints([group("a:n1", "Digest · n1", "abcdefgh1"), group("b:n1", "Digest · n1", "abcdefgh2")]);
    expect(Object.fromEntries(hints)).toEqual({ "a:n1": "abcdefgh1", "b:n1": "abcdefgh2" });
  });

  it("leaves groups without a workflow (models) alone", () => {
    expect(labelHints([group("mock", "mock"), group("gpt", "gpt")]).size).toBe(0);
  });
});
