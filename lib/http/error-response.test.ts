import { describe, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import { EngineError } from "@/engine/errors";
import { ApiError } from "./errors";
import { errorAnswer, errorAnswerResponse, errorResponse, withErrors, type ErrorAnswer } from "./error-response";
import { parseId, parseVersionNumber } from "./params";

/** An answer as the request thread receives it from the engine thread (postMessage's structured clone). */
const crossed = (answer: ErrorAnswer): ErrorAnswer => structuredClone(answer);

describe("errorResponse", () => {
  it("keeps code, message and details of typed errors", async () => {
    const res = errorResponse(new ApiError("version_conflict", "stale", { current_version: 3 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: "version_conflict", message: "stale", details: { current_version: 3 } } });
  });

  it("maps engine misuse errors", async () => {
    expect(errorResponse(new EngineError("not_found")).status).toBe(404);
    expect(errorResponse(new EngineError("invalid_graph")).status).toBe(422);
  });

  it("answers a gate's refusal 403 with its reason, also once its answer has crossed from the engine thread", async () => {
    const refusal = new EngineError("forbidden", "this gate is decided by the approver or admin role, or by ops@example.com");
    for (const res of [errorResponse(refusal), errorAnswerResponse(crossed(errorAnswer(refusal)))]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "forbidden", message: refusal.message } });
    }
  });

  it("knows an engine error of another bundle by its shape", () => {
    const foreign = Object.assign(new Error("no such run"), { name: "EngineError", code: "not_found" });
    expect(errorAnswer(foreign)).toEqual({ status: 404, body: { error: { code: "not_found", message: "no such run" } } });
  });

  it("answers SQLite's storage failures as such, also once they have crossed from the engine thread", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // A real SQLITE_FULL: a database not allowed to grow past its pages.
    const conn = new Database(":memory:");
    conn.exec("CREATE TABLE t (v TEXT)");
    conn.pragma(`max_page_count = ${conn.pragma("page_count", { simple: true }) as number}`);
    let full: unknown;
    try {
      conn.prepare("INSERT INTO t VALUES (?)").run("x".repeat(100_000));
    } catch (err) {
      full = err;
    }
    conn.close();
    expect((full as { code: string }).code).toBe("SQLITE_FULL");
    for (const res of [errorResponse(full), errorAnswerResponse(crossed(errorAnswer(full)))]) {
      expect(res.status).toBe(507);
      expect((await res.json()).error).toEqual({ code: "storage_full", message: expect.stringContaining("disk is full") });
    }
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY_SNAPSHOT" });
    const res = errorAnswerResponse(crossed(errorAnswer(busy)));
    expect([res.status, res.headers.get("retry-after"), (await res.json()).error.code]).toEqual([503, "1", "storage_busy"]);
    expect(errorResponse(Object.assign(new Error("x"), { code: "SQLITE_READONLY_DBMOVED" })).status).toBe(503);
    // Codes that only share a prefix, and other errors, stay internal.
    expect(errorResponse(Object.assign(new Error("x"), { code: "SQLITE_FULLISH" })).status).toBe(500);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("hides unexpected errors behind a generic 500 and logs them", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = errorResponse(new Error("SQLITE_CORRUPT at /secret/path"));
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("withErrors turns a throwing handler into a response", async () => {
    const handler = withErrors(async (_req: Request) => {
      throw new ApiError("not_found");
    });
    expect((await handler(new Request("http://x/api/health"))).status).toBe(404);
  });
});

describe("route params", () => {
  it.each(["\u0000", "../x", "a".repeat(65), "", "a b", "é"])("refuses the id %j with 404", (id) => {
    expect(() => parseId(id)).toThrow(expect.objectContaining({ code: "not_found" }));
  });

  it("accepts url-safe ids and positive version numbers", () => {
    expect(parseId("Ab_-09")).toBe("Ab_-09");
    expect(parseVersionNumber("12")).toBe(12);
    for (const v of ["0", "-1", "01", "1.0", "9999999999"]) expect(() => parseVersionNumber(v)).toThrow(ApiError);
  });
});
