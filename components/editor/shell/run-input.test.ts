import { describe, expect, it } from "vitest";
import { parseRunInput } from "./run-input";

describe("parseRunInput", () => {
  it("accepts an object, and empty text as {}", () => {
    expect(parseRunInput(' {"ticket": "x"} ')).toEqual({ ok: true, input: { ticket: "x" } });
    expect(parseRunInput("   ")).toEqual({ ok: true, input: {} });
  });

  it("refuses arrays, scalars, null and broken JSON with a reason", () => {
    for (const text of ["[1]", "3", "null", '"s"']) expect(parseRunInput(text)).toMatchObject({ ok: false, message: expect.stringContaining("JSON object") });
    expect(parseRunInput("{a:")).toMatchObject({ ok: false, message: expect.stringContaining("Not valid JSON") });
  });
});
