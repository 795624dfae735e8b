import { describe, expect, it } from "vitest";
import { systemClock } from "../run/clock";
import type { ToolContext } from "../ports";
import { delayTool } from "./delay-tool";
import { jsonParseTool } from "./json-parse-tool";
import { setTool } from "./set-tool";
import { nodeErrorOf } from "../testing/node-error";

const ctx = (signal = new AbortController().signal): ToolContext => ({ signal, idempotency_key: "r:n:1", run_id: "r", node_id: "n", clock: systemClock });

describe("set", () => {
  it("returns its params", async () => {
    const params = { greeting: "hi", count: 2, nested: { ok: true } };
    expect(await setTool.run(params, ctx())).toEqual(params);
  });

  it("refuses params that are not an object", async () => {
    const err = await nodeErrorOf(setTool.run([1, 2] as unknown as Record<string, unknown>, ctx()));
    expect(err.retryable).toBe(false);
  });
});

describe("delay", () => {
  it("waits and reports how long", async () => {
    const started = Date.now();
    const out = await delayTool.run({ ms: 30 }, ctx());
    expect(Date.now() - started).toBeGreaterThanOrEqual(29);
    expect(out.waited_ms).toBeGreaterThanOrEqual(30);
  });

  it("stops promptly when cancelled", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = delayTool.run({ ms: 60_000 }, ctx(controller.signal));
    setTimeout(() => controller.abort(), 20);
    const err = await nodeErrorOf(pending);
    expect(err.code).toBe("cancelled");
    expect(err.retryable).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("fails at once when already cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await nodeErrorOf(delayTool.run({ ms: 10_000 }, ctx(controller.signal)))).code).toBe("cancelled");
  });

  it("refuses more than an hour or a fraction", async () => {
    expect((await nodeErrorOf(delayTool.run({ ms: 3_600_001 }, ctx()))).message).toMatch(/invalid params: ms/);
    expect((await nodeErrorOf(delayTool.run({ ms: 1.5 }, ctx()))).retryable).toBe(false);
  });
});

describe("json_parse", () => {
  it("parses JSON text", async () => {
    expect(await jsonParseTool.run({ text: '{"a":[1,"b",null]}' }, ctx())).toEqual({ a: [1, "b", null] });
    expect(await jsonParseTool.run({ text: " 42 " }, ctx())).toBe(42);
  });

  it("fails with the parser's message on invalid JSON", async () => {
    let parserMessage = "";
    try {
      JSON.parse("{oops");
    } catch (e) {
      parserMessage = (e as Error).message;
    }
    const err = await nodeErrorOf(jsonParseTool.run({ text: "{oops" }, ctx()));
    expect(err.code).toBe("tool_error");
    expect(err.retryable).toBe(false);
    expect(err.message).toContain(parserMessage);
  });
});
