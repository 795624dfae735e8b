import { describe, expect, it } from "vitest";
import { count, formatBytes, formatPeriod, usdTick } from "./format";

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

describe("formatBytes", () => {
  it("shows sizes in the largest unit they fill, with a decimal only for small figures", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(812 * 1024)).toBe("812 KB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1.0 MB");
    expect(formatBytes(293_974_016)).toBe("280 MB");
    expect(formatBytes(1.4 * 1024 ** 3)).toBe("1.4 GB");
    expect(formatBytes(3 * 1024 ** 5)).toBe("3072 TB");
  });
});

describe("usdTick", () => {
  it("keeps the decimals a tick needs, never fewer than cents", () => {
    expect([2, 1.5, 0.5, 0, 0.000045, 0.00012, 0.0025, 12.345].map(usdTick)).toEqual(["$2.00", "$1.50", "$0.50", "$0.00", "$0.000045", "$0.00012", "$0.0025", "$12.345"]);
  });
});

describe("count", () => {
  it("groups thousands with commas whatever the machine's locale", () => {
    expect([0, 999, 8_002, 1_234_567].map(count)).toEqual(["0", "999", "8,002", "1,234,567"]);
  });
});
