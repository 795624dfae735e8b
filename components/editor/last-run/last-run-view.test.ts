import { describe, expect, it } from "vitest";
import type { StepView } from "@/lib/client/run-types";
import { badgeCounts, badgeWord, latestStepByNode } from "./last-run-view";

const step = (id: string, node_id: string, seq: number, status: StepView["status"]): StepView => ({
  id, seq, node_id, node_type: "tool", status, input: undefined, output: { seq }, error: null, cost_usd: 0, tokens_in: 0, tokens_out: 0, model: null, attempt: 1, idempotency_key: `r:${node_id}:${seq}`, started_at: null, finished_at: null, duration_ms: null,
});

describe("last run view", () => {
  it("says paused for a step waiting at a gate and each other status as it is", () => {
    expect(badgeWord("waiting")).toBe("paused");
    for (const s of ["completed", "failed", "running", "skipped", "pending"] as const) expect(badgeWord(s)).toBe(s);
  });

  it("keeps each node's latest step, whatever order the steps come in", () => {
    const latest = latestStepByNode({ b: step("b", "loop", 5, "completed"), a: step("a", "loop", 2, "failed"), c: step("c", "end", 6, "running") });
    expect(latest.loop.id).toBe("b");
    expect(latest.end.status).toBe("running");
    expect(badgeCounts(latest)).toEqual({ completed: 1, running: 1 });
  });
});
