import { describe, expect, it } from "vitest";
import { approvalsProgress, sentence } from "./approval-text";

const approval = (actor_name: string) => ({ actor_id: actor_name, actor_name, actor_type: "user", comment: null, input: {}, at: "2026-01-01T00:00:00.000Z" });

describe("approval wording", () => {
  it("says how far a gate's approvals have come, and nothing for a one-approval gate with none yet", () => {
    expect(approvalsProgress({ approvals: [], required_approvals: 1 })).toBeNull();
    expect(approvalsProgress({ approvals: [], required_approvals: 2 })).toBe("0 of 2 approvals");
    expect(approvalsProgress({ approvals: [approval("Ada Admin")], required_approvals: 2 })).toBe("1 of 2 approvals: Ada Admin");
    expect(approvalsProgress({ approvals: [approval("Ada"), approval("Abe")], required_approvals: 3 })).toBe("2 of 3 approvals: Ada, Abe");
  });

  it("turns a refusal into a sentence", () => {
    expect(sentence("you triggered this run, and this gate does not allow self-approval")).toBe("You triggered this run, and this gate does not allow self-approval.");
    expect(sentence("done.")).toBe("Done.");
  });
});
