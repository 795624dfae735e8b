import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { decodeCursor, encodeCursor, parsePagination, toPage } from "./pagination";

describe("parsePagination", () => {
  it("defaults to 50 and accepts 1..500", () => {
    expect(parsePagination("http://x/a")).toEqual({ limit: 50 });
    expect(parsePagination("http://x/a?limit=500&cursor=abc")).toEqual({ limit: 500, cursor: "abc" });
  });

  it.each(["0", "501", "-1", "2.5", "ten", "", "1e2"])("refuses limit=%s", (limit) => {
    expect(() => parsePagination(`http://x/a?limit=${limit}`)).toThrow(ApiError);
  });

  it("refuses an empty cursor", () => {
    expect(() => parsePagination("http://x/a?cursor=")).toThrow(ApiError);
  });
});

describe("cursors and pages", () => {
  it("round-trips a position and refuses a forged cursor", () => {
    const schema = z.object({ id: z.string() });
    expect(decodeCursor(encodeCursor({ id: "w1" }), schema)).toEqual({ id: "w1" });
    expect(() => decodeCursor(encodeCursor({ id: 5 }), schema)).toThrow(ApiError);
    expect(() => decodeCursor("%%%", schema)).toThrow(ApiError);
  });

  it("uses the extra row only to know another page exists", () => {
    const page = toPage([1, 2, 3], 2, (n) => n * 10, (n) => n);
    expect(page.items).toEqual([10, 20]);
    expect(decodeCursor(page.next_cursor as string, z.number())).toBe(2);
    expect(toPage([1, 2], 2, (n) => n, (n) => n).next_cursor).toBeNull();
  });
});
