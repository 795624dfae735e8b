import { describe, expect, it } from "vitest";
import { edgeBranchValue } from "./edge-branch-value";

describe("edgeBranchValue", () => {
  it("matches true/false case-insensitively, condition_value before label", () => {
    expect(edgeBranchValue({ condition_value: "TRUE" })).toBe(true);
    expect(edgeBranchValue({ label: "False" })).toBe(false);
    expect(edgeBranchValue({ condition_value: "false", label: "true" })).toBe(false);
  });

  it("returns null for an edge that can never fire", () => {
    expect(edgeBranchValue({})).toBeNull();
    expect(edgeBranchValue({ condition_value: "yes" })).toBeNull();
    expect(edgeBranchValue({ condition_value: "", label: "true" })).toBeNull();
  });
});
