import { describe, expect, it } from "vitest";
import { formatPeriod } from "./format";

describe("formatPeriod", () => {
  it("names a retention period in the largest unit it fills", () => {
    expect(formatPeriod(30)).toBe("30 days");
    expect(formatPeriod(1)).toBe("1 day");
    expect(formatPeriod(0.5)).toBe("12 hours");
    expect(formatPeriod(1 / 1440)).toBe("1 minute");
    expect(formatPeriod(3 / 86_400)).toBe("3 seconds");
    expect(formatPeriod(1e-7)).toBe("0.01 seconds");
  });
});
