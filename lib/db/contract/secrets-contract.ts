/** The contract of the secret and webhook stores: sealed bytes in, the same bytes out. */
import { expect, it } from "vitest";
import type { Sealed } from "@/lib/secrets/cipher";
import type { OpenedStorage } from "./harness";
import { graphOf } from "./seed";

const T0 = Date.UTC(2026, 5, 7, 8, 9, 10, 11);
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();
const sealed = (text: string): Sealed => ({ ciphertext: Buffer.from(`${text}\u0000\u00ff`, "latin1"), iv: Buffer.from(`iv-${text}`), authTag: Buffer.from([0, 1, 254, 255]) });

export function secretsContract(h: () => OpenedStorage): void {
  it("keeps secrets sealed, by name", async () => {
    const { secrets } = h().storage;
    expect(await secrets.list()).toEqual([]);
    await secrets.insert("OPENAI_KEY", sealed("one"), at(0));
    await secrets.insert("A_TOKEN", sealed("two"), at(1));
    await secrets.insert("B_TOKEN", sealed("three"), at(2));
    await expect(secrets.insert("A_TOKEN", sealed("again"), at(3))).rejects.toThrow();

    expect(await secrets.names()).toEqual(["A_TOKEN", "B_TOKEN", "OPENAI_KEY"]);
    expect(await secrets.list()).toEqual([
      { name: "A_TOKEN", created_at: iso(1), updated_at: iso(1) },
      { name: "B_TOKEN", created_at: iso(2), updated_at: iso(2) },
      { name: "OPENAI_KEY", created_at: iso(0), updated_at: iso(0) },
    ]);
    expect(await secrets.find("A_TOKEN")).toEqual({ name: "A_TOKEN", created_at: iso(1), updated_at: iso(1) });
    expect(await secrets.find("NOPE")).toBeNull();
    const read = await secrets.readSealed(["OPENAI_KEY", "NOPE", "A_TOKEN"]);
    expect([...read.keys()]).toEqual(["OPENAI_KEY", "A_TOKEN"]);
    expect(read.get("OPENAI_KEY")).toEqual(sealed("one"));
    expect((await secrets.readSealed([])).size).toBe(0);

    expect(await secrets.update("A_TOKEN", sealed("rotated"), at(10))).toBe(true);
    expect(await secrets.update("NOPE", sealed("x"), at(10))).toBe(false);
    expect(await secrets.find("A_TOKEN")).toEqual({ name: "A_TOKEN", created_at: iso(1), updated_at: iso(10) });
    expect((await secrets.readSealed(["A_TOKEN"])).get("A_TOKEN")).toEqual(sealed("rotated"));
    expect(await secrets.delete("A_TOKEN")).toBe(true);
    expect(await secrets.delete("A_TOKEN")).toBe(false);
    expect(await secrets.names()).toEqual(["B_TOKEN", "OPENAI_KEY"]);
  });

  it("keeps a workflow's webhook, found only while the workflow lives", async () => {
    const { workflows, hooks } = h().storage;
    await workflows.insert({ id: "wf1", name: "Inbox", description: "", graph: graphOf([]), at: at(0) });
    await workflows.insert({ id: "wf2", name: "Other", description: "", graph: graphOf([]), at: at(0) });
    await hooks.insert({ id: "h1", workflowId: "wf1", sealed: sealed("s1"), createdById: "u1", at: at(1) });
    await expect(hooks.insert({ id: "h2", workflowId: "wf1", sealed: sealed("s2"), createdById: "u1", at: at(2) })).rejects.toThrow();

    const row = { id: "h1", workflow_id: "wf1", enabled: true, created_at: iso(1), rotated_at: iso(1), last_triggered_at: null, created_by_id: "u1" };
    expect(await hooks.findByWorkflow("wf1")).toEqual(row);
    expect(await hooks.findByWorkflow("wf2")).toBeUndefined();
    expect(await hooks.findForTrigger("h1")).toEqual({ ...row, workflow_name: "Inbox", sealed: sealed("s1") });
    expect(await hooks.findForTrigger("nope")).toBeUndefined();

    await hooks.rotateSecret({ id: "h1", sealed: sealed("s3"), at: at(5) });
    await hooks.setEnabled({ id: "h1", enabled: false });
    await hooks.touch({ id: "h1", at: at(6) });
    expect(await hooks.findForTrigger("h1")).toEqual({ ...row, enabled: false, rotated_at: iso(5), last_triggered_at: iso(6), workflow_name: "Inbox", sealed: sealed("s3") });
    await hooks.setEnabled({ id: "h1", enabled: true });
    expect((await hooks.findByWorkflow("wf1"))?.enabled).toBe(true);

    await workflows.markDeleted({ id: "wf1", at: at(7) });
    expect(await hooks.findByWorkflow("wf1")).toBeUndefined();
    expect(await hooks.findForTrigger("h1")).toBeUndefined();

    await hooks.insert({ id: "h3", workflowId: "wf2", sealed: sealed("s4"), createdById: "u2", at: at(8) });
    await hooks.delete("h3");
    expect(await hooks.findByWorkflow("wf2")).toBeUndefined();
  });
}
