import { describe, expect, it } from "vitest";
import { ApiError, parseQuery } from "@/lib/http";
import { runListQuery, triggerBody, waitQuery } from "./run-params";

describe("run route params", () => {
  it("reads ?wait= as 1..300000 ms", () => {
    expect(parseQuery("http://x/?wait=250", waitQuery, ["wait"])).toEqual({ wait: 250 });
    expect(parseQuery("http://x/", waitQuery, ["wait"])).toEqual({});
    for (const bad of ["0", "300001", "1.5", "-1", "abc", ""]) {
      expect(() => parseQuery(`http://x/?wait=${bad}`, waitQuery, ["wait"]), bad).toThrow(ApiError);
    }
  });

  it("names the offending parameter", () => {
    try {
      parseQuery("http://x/?status=done", runListQuery, ["status"]);
      expect.unreachable();
    } catch (err) {
      expect((err as ApiError).code).toBe("invalid_query");
      expect((err as ApiError).details).toEqual({ issues: [expect.objectContaining({ path: "status" })] });
    }
  });

  it("accepts known run options only", () => {
    expect(triggerBody.safeParse({ input: { a: 1 }, options: { max_parallel_nodes: 2, budget_usd: 0.5 } }).success).toBe(true);
    expect(triggerBody.safeParse({ options: { max_paralel_nodes: 2 } }).success).toBe(false);
    expect(triggerBody.safeParse({ input: "text" }).success).toBe(false);
  });
});
