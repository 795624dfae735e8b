import { describe, expect, it } from "vitest";
import type { GateField } from "@/engine/graph/schema";
import { initialDraft, toReviewerInput } from "./reviewer-input";

const fields: GateField[] = [
  { name: "note", type: "text", required: true },
  { name: "score", type: "number" },
  { name: "ok", type: "boolean" },
  { name: "tier", type: "select", options: ["gold", "silver"], required: true },
  { name: "body", type: "textarea" },
];

describe("reviewer input", () => {
  it("starts from unchecked booleans and empty fields, a required select included (a choice is never made for the reviewer)", () => {
    expect(initialDraft(fields)).toEqual({ note: "", score: "", ok: false, tier: "", body: "" });
  });

  it("parses numbers, keeps booleans and drops empty optional fields", () => {
    const { input, errors } = toReviewerInput(fields, { note: " fine ", score: "4.5", ok: true, tier: "silver", body: "" });
    expect(errors).toEqual({});
    expect(input).toEqual({ note: "fine", score: 4.5, ok: true, tier: "silver" });
  });

  it("names each required field left empty and each bad number", () => {
    const { errors } = toReviewerInput(fields, { note: "  ", score: "abc", ok: false, tier: "", body: "" });
    expect(errors).toEqual({ note: "Required", score: "Enter a number", tier: "Required" });
  });
});
