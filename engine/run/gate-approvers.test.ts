import { describe, expect, it } from "vitest";
import type { GateApproval, RunTrigger } from "../ports";
import { apiKey, person } from "../testing/harness";
import { decidedBy, gatePolicy, mayApprove, mayReject, pendingPolicy, sameParty } from "./gate-approvers";

const byDefault = gatePolicy({});
const ada: RunTrigger = { type: "user", id: "ada", name: "Ada Admin" };
const adasKey: RunTrigger = { type: "api_key", id: "k-ada", name: "ada-ci", owner_id: "ada" };
const approval = (actor_id: string, owner_id?: string): GateApproval => ({ actor_id, actor_name: actor_id, actor_type: owner_id ? "api_key" : "user", ...(owner_id ? { owner_id } : {}), comment: null, input: {}, at: "2026-01-01T00:00:00.000Z" });
const approve = (config: Parameters<typeof gatePolicy>[0], actor: ReturnType<typeof person>, triggered_by?: RunTrigger, approvals: GateApproval[] = []) => mayApprove(gatePolicy(config), actor, { triggered_by, approvals });

describe("gatePolicy", () => {
  it("defaults to the approver and admin roles, one approval, no self-approval", () => {
    expect(byDefault).toEqual({ roles: ["approver", "admin"], users: [], required_approvals: 1, allow_self_approval: false });
  });

  it("takes exactly what `approvers` names: roles in their usual order, emails lower-cased once each", () => {
    expect(gatePolicy({ approvers: { users: [" Ops@Example.com", "ops@example.com"] } })).toMatchObject({ roles: [], users: ["ops@example.com"] });
    expect(gatePolicy({ approvers: { roles: ["admin", "editor", "owner"] } }).roles).toEqual(["editor", "admin"]);
  });

  it("reads a count validation would refuse as safely as it can (1–20, rounded up)", () => {
    expect([0, 2.5, 99, Number.NaN].map((n) => gatePolicy({ required_approvals: n }).required_approvals)).toEqual([1, 3, 20, 1]);
  });

  it("reads a gate parked before gates named approvers as the defaults", () => {
    expect(pendingPolicy({ node_id: "g", prompt: "" })).toEqual(byDefault);
    expect(pendingPolicy({ node_id: "g", prompt: "", approvers: { roles: [], users: ["a@b.c"] }, required_approvals: 2, allow_self_approval: true })).toEqual({ roles: [], users: ["a@b.c"], required_approvals: 2, allow_self_approval: true });
  });
});

describe("mayApprove: who may approve", () => {
  it.each([
    ["approver", true],
    ["admin", true],
    ["editor", false],
    ["viewer", false],
    [null, false],
  ] as const)("by default, a principal with role %s: %s", (role, ok) => {
    expect(approve({}, person("p", role)).ok).toBe(ok);
  });

  it("refuses with the gate's approvers named (403 forbidden)", () => {
    expect(approve({}, person("ed", "editor"))).toEqual({ ok: false, code: "forbidden", message: "this gate is decided by the approver or admin role" });
    expect(approve({ approvers: { roles: ["approver", "admin"], users: ["ops@example.com"] } }, person("ed", "editor"))).toEqual({
      ok: false,
      code: "forbidden",
      message: "this gate is decided by the approver or admin role, or by ops@example.com",
    });
  });

  it("named roles replace the default ones", () => {
    const editors = { approvers: { roles: ["editor"] } };
    expect(approve(editors, person("ed", "editor")).ok).toBe(true);
    expect(approve(editors, person("al", "approver"))).toMatchObject({ ok: false, message: "this gate is decided by the editor role" });
  });

  it("named people approve by their email whatever their role; a key has no email and decides by role only", () => {
    const ops = { approvers: { users: ["Ops@Example.com"] } };
    expect(approve(ops, person("o", "viewer", { email: "ops@example.COM" })).ok).toBe(true);
    expect(approve(ops, person("x", "admin", { email: "x@example.com" }))).toMatchObject({ ok: false, message: "this gate is decided by ops@example.com" });
    expect(approve(ops, { ...apiKey("k", "o", "admin"), email: "ops@example.com" }).ok).toBe(false);
  });

  it("refuses the person who triggered the run, their keys, and the maker of the key that triggered it", () => {
    const refused = [
      [person("ada", "admin"), ada, "you triggered this run"],
      [apiKey("k-1", "ada", "admin"), ada, "this API key was made by Ada Admin, who triggered this run"],
      [person("ada", "admin"), adasKey, 'your API key "ada-ci" triggered this run'],
      [apiKey("k-ada", "ada", "admin"), adasKey, "you triggered this run"],
      [apiKey("k-2", "ada", "admin"), adasKey, 'this API key and the key "ada-ci" that triggered this run were made by the same person'],
    ] as const;
    for (const [actor, trigger, why] of refused) {
      expect(approve({}, actor, trigger), `${actor.id} on ${trigger.id}`).toEqual({ ok: false, code: "forbidden", message: `${why}, and this gate does not allow self-approval` });
    }
    expect(approve({}, person("bob"), ada).ok).toBe(true);
    expect(approve({}, apiKey("k-bob", "bob"), adasKey).ok).toBe(true);
  });

  it("lets them when the gate allows self-approval, and still asks for an approver's role", () => {
    expect(approve({ allow_self_approval: true }, person("ada", "admin"), ada).ok).toBe(true);
    expect(approve({ allow_self_approval: true }, person("ada", "editor"), ada).ok).toBe(false);
  });

  it("counts distinct parties toward a quorum: one approval per person, their keys included (409 bad_state)", () => {
    const two = { required_approvals: 2 };
    expect(approve(two, person("bob"), ada, [approval("bob")])).toEqual({ ok: false, code: "bad_state", message: "you have already approved this gate (1 of 2 approvals)" });
    expect(approve(two, apiKey("k-bob", "bob"), ada, [approval("bob")])).toMatchObject({ ok: false, code: "bad_state", message: expect.stringMatching(/^bob \(counted as you: an API key counts as the person who made it\) has already approved/) });
    expect(approve(two, person("bob"), ada, [approval("k-bob", "bob")])).toMatchObject({ ok: false, code: "bad_state" });
    expect(approve(two, apiKey("k-bob2", "bob"), ada, [approval("k-bob", "bob")])).toMatchObject({ ok: false, code: "bad_state" });
    expect(approve(two, person("cy"), ada, [approval("bob")]).ok).toBe(true);
  });

  it("checks the actor as they are now: an approver demoted since their approval is refused as not an approver", () => {
    expect(approve({ required_approvals: 2 }, person("bob", "viewer"), ada, [approval("bob")])).toMatchObject({ ok: false, code: "forbidden" });
  });
});

describe("mayReject", () => {
  it("lets any of the gate's approvers reject, the one who triggered the run and earlier approvers too", () => {
    expect(mayReject(byDefault, person("ada", "admin")).ok).toBe(true);
    expect(mayReject(byDefault, person("ed", "editor"))).toEqual({ ok: false, code: "forbidden", message: "this gate is decided by the approver or admin role" });
    expect(mayReject(gatePolicy({ approvers: { users: ["ops@example.com"] } }), person("o", "viewer", { email: "ops@example.com" })).ok).toBe(true);
  });
});

describe("decidedBy and sameParty", () => {
  it("shortens a long list of people, and says when nobody is named", () => {
    const users = Array.from({ length: 8 }, (_, i) => `u${i}@x.io`);
    expect(decidedBy(gatePolicy({ approvers: { users } }))).toBe("this gate is decided by u0@x.io, u1@x.io, u2@x.io, u3@x.io, u4@x.io or 3 others");
    expect(decidedBy(gatePolicy({ approvers: {} }))).toBe("this gate names nobody who may decide it");
    expect(decidedBy(gatePolicy({ approvers: { roles: ["viewer", "editor", "admin"] } }))).toBe("this gate is decided by the viewer, editor or admin role");
  });

  it("treats a key as its maker", () => {
    expect(sameParty({ id: "k", owner_id: "u" }, { id: "u" })).toBe(true);
    expect(sameParty({ id: "u" }, { id: "k", owner_id: "u" })).toBe(true);
    expect(sameParty({ id: "k1", owner_id: "u" }, { id: "k2", owner_id: "u" })).toBe(true);
    expect(sameParty({ id: "k1", owner_id: "u" }, { id: "k2", owner_id: "v" })).toBe(false);
  });
});
