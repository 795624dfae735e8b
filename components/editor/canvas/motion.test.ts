import { afterEach, describe, expect, it, vi } from "vitest";
import { viewDuration } from "./motion";

describe("viewDuration", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("animates only when the person has not asked for reduced motion", () => {
    vi.stubGlobal("window", { matchMedia: (q: string) => ({ matches: q === "(prefers-reduced-motion: reduce)" }) });
    expect(viewDuration(250)).toBe(0);
    vi.stubGlobal("window", { matchMedia: () => ({ matches: false }) });
    expect(viewDuration(250)).toBe(250);
  });
});
