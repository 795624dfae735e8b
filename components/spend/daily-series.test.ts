import { describe, expect, it } from "vitest";
import { dailySeries, MAX_FILLED_DAYS, shortDay } from "./daily-series";

const NOW = Date.parse("2026-12-02T15:00:00Z");

describe("dailySeries", () => {
  it("gives every day of a 7-day period a bar, 0 where nothing was spent", () => {
    const days = [
      { day: "2026-11-26", cost_usd: 0.5 },
      { day: "2026-11-30", cost_usd: 0.25 },
    ];
    expect(dailySeries(days, "2026-11-25T00:00:00.000Z", NOW)).toEqual([
      { day: "2026-11-25", cost_usd: 0 },
      { day: "2026-11-26", cost_usd: 0.5 },
      { day: "2026-11-27", cost_usd: 0 },
      { day: "2026-11-28", cost_usd: 0 },
      { day: "2026-11-29", cost_usd: 0 },
      { day: "2026-11-30", cost_usd: 0.25 },
      { day: "2026-12-01", cost_usd: 0 },
      { day: "2026-12-02", cost_usd: 0 },
    ]);
  });

  it("starts a period without a start (all time) at its first day with spend", () => {
    const series = dailySeries([{ day: "2026-11-30", cost_usd: 1 }], null, NOW);
    expect(series.map((d) => d.day)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
  });

  it("starts the 24-hour period on the day its first hour falls in", () => {
    const series = dailySeries([{ day: "2026-12-02", cost_usd: 1 }], "2026-12-01T15:00:00.000Z", NOW);
    expect(series).toEqual([
      { day: "2026-12-01", cost_usd: 0 },
      { day: "2026-12-02", cost_usd: 1 },
    ]);
  });

  it("is empty with nothing spent, and leaves a span longer than it fills as it is", () => {
    expect(dailySeries([], "2026-11-25T00:00:00.000Z", NOW)).toEqual([]);
    const sparse = [
      { day: "2025-01-01", cost_usd: 1 },
      { day: "2026-12-01", cost_usd: 2 },
    ];
    expect(dailySeries(sparse, null, NOW)).toEqual(sparse);
    expect(dailySeries([{ day: "2026-09-01", cost_usd: 1 }], null, NOW).length).toBeLessThanOrEqual(MAX_FILLED_DAYS);
  });

  it("keeps a day the clock has not reached yet (a server ahead of this browser)", () => {
    const series = dailySeries([{ day: "2026-12-03", cost_usd: 1 }], "2026-12-01T00:00:00.000Z", NOW);
    expect(series.map((d) => d.day)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"]);
  });
});

describe("shortDay", () => {
  it("names the UTC day", () => {
    expect(shortDay("2026-12-02")).toBe("Dec 2");
    expect(shortDay("not a day")).toBe("not a day");
  });
});
