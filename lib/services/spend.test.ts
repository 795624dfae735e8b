import { describe, expect, it } from "vitest";
import { periodStart } from "./spend";

describe("periodStart", () => {
  const now = Date.UTC(2026, 11, 2, 9, 30, 12);
  it("starts 24 h on the hour and 7 or 30 days on the day (UTC), the grains spend is kept at", () => {
    expect(new Date(periodStart("24h", now)!).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(new Date(periodStart("7d", now)!).toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(new Date(periodStart("30d", now)!).toISOString()).toBe("2026-11-02T00:00:00.000Z");
    expect(periodStart("all", now)).toBeNull();
  });
});
