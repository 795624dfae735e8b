import { describe, expect, it } from "vitest";
import { describeDetails } from "./audit-details";

describe("describeDetails", () => {
  it("reads as words: spaced keys, strings bare, other values as JSON", () => {
    expect(describeDetails({ from_version: 1, to_version: 2, fields: ["graph"], note: "Join both" })).toBe('from version 1 · to version 2 · fields ["graph"] · note Join both');
  });
  it("leaves non-objects as JSON and nothing as empty", () => {
    expect(describeDetails([1, 2])).toBe("[1,2]");
    expect(describeDetails(undefined)).toBe("");
    expect(describeDetails({})).toBe("");
  });
});
