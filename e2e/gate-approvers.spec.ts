import { expect, test } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";
import { addUser } from "./pages/accounts";
import { Api } from "./pages/api";
import { ApprovalsPage } from "./pages/approvals-page";
import { EditorPage } from "./pages/editor-page";
import { RunApi, signedInAs } from "./pages/run-fixtures";
import { RunTimelinePage } from "./pages/run-timeline-page";

/** One gate (with this config) and a set tool after it. */
const gateGraph = (config: Record<string, unknown> = {}): GraphInput => ({
  nodes: [
    { id: "review", type: "human_gate", position: { x: 0, y: 0 }, config: { label: "Review", prompt: "Ship it?", ...config } },
    { id: "done", type: "tool", position: { x: 300, y: 0 }, config: { tool: "set", params: { shipped: true } } },
  ],
  edges: [{ id: "e1", source: "review", target: "done" }],
});

const ABE = { name: "Abe Approver", email: "abe@example.com", role: "approver", password: "e2e-approver-password" };

test("a gate two people must approve shows who approved so far, hides Approve from who did, and the count in the navigation follows at once", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Two approvers", gateGraph({ required_approvals: 2 }));
  const runs = new RunApi(request);
  const runId = await runs.trigger(id, {});
  // A second one, so the owner's count stays above zero after deciding the first.
  await runs.trigger(id, {});
  await expect.poll(async () => (await runs.run(runId)).status).toBe("paused");

  const run = new RunTimelinePage(page);
  await run.goto(runId);
  const inbox = new ApprovalsPage(page);
  await expect(inbox.navCount).toHaveText(/^\d+$/);
  const before = Number(await inbox.navCount.textContent());
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(run.gatePanel.getByTestId("gate-approvals")).toHaveText("0 of 2 approvals");
  await expect(run.gatePanel.getByTestId("gate-approvers")).toContainText("This gate is decided by the approver or admin role.");
  await run.gatePanel.getByTestId("gate-comment").fill("first of two");
  // From here the badge's poll gets no answer: only the decision itself can move its count.
  const inboxReads = /\/api\/approvals/;
  await page.route(inboxReads, (route) => route.abort());
  await run.gatePanel.getByTestId("gate-approve").click();

  await expect(run.gatePanel.getByTestId("gate-approvals")).toHaveText("1 of 2 approvals: Ada Admin");
  await expect(run.gatePanel.getByTestId("gate-refusal")).toHaveText("You have already approved this gate (1 of 2 approvals).");
  await expect(run.gatePanel.getByTestId("gate-approve")).toHaveCount(0);
  await expect(inbox.navCount).toHaveText(String(before - 1));
  await page.unroute(inboxReads);
  await expect(run.status).toHaveText("paused");

  // The second approver, elsewhere: the page, never reloaded, follows the run to the end.
  await addUser(request, ABE).catch(() => undefined);
  const abe = await signedInAs(ABE);
  expect((await abe.post(`/api/runs/${runId}/approve`, { data: { node_id: "review" } })).status()).toBe(202);
  await abe.dispose();
  await expect(run.status).toHaveText("completed");
  await expect(run.gatePanel).toHaveCount(0);
  const stored = await runs.run(runId);
  expect((stored.output?.approval_review as { approvals: { actor_name: string }[] }).approvals.map((a) => a.actor_name)).toEqual(["Ada Admin", "Abe Approver"]);
});

test("the one who triggered a run is told why they cannot approve it, may still reject it, and does not find it in the inbox", async ({ page, request }) => {
  const { id } = await new Api(request).createWorkflow("Own run", gateGraph());
  const res = await request.post(`/api/workflows/${id}/runs?wait=10000`, { data: { input: {} } });
  expect(res.status()).toBe(201);
  const runId: string = (await res.json()).id;

  const run = new RunTimelinePage(page);
  await run.goto(runId);
  await expect(run.status).toHaveText("paused");
  await expect(run.gatePanel.getByTestId("gate-refusal")).toHaveText("You triggered this run, and this gate does not allow self-approval.");
  await expect(run.gatePanel.getByTestId("gate-approve")).toHaveCount(0);
  await expect(run.gatePanel.getByTestId("gate-reject")).toBeVisible();

  const inbox = new ApprovalsPage(page);
  await inbox.goto();
  await expect(inbox.items.first().or(page.getByTestId("approvals-empty"))).toBeVisible();
  await expect(inbox.item(runId)).toHaveCount(0);

  await run.goto(runId);
  await run.gatePanel.getByTestId("gate-reject").click();
  await page.getByTestId("reject-dialog-confirm").click();
  await expect(run.status).toHaveText("failed");
  await expect(run.error).toContainText("rejected by Ada Admin");
});

test("the gate's inspector edits who decides, and validation names a malformed email", async ({ page, request }) => {
  const api = new Api(request);
  const { id } = await api.createWorkflow("Approver settings", gateGraph());
  const editor = new EditorPage(page);
  await editor.goto(id);
  await editor.select("review");
  const roles = (role: string) => editor.inspector.getByTestId(`gate-approver-role-${role}`);
  await expect(roles("approver")).toBeChecked();
  await expect(roles("admin")).toBeChecked();
  await expect(roles("editor")).not.toBeChecked();

  await roles("approver").uncheck();
  await editor.inspector.getByTestId("gate-approver-email").fill("bob");
  await editor.inspector.getByTestId("gate-approver-add").click();
  await expect(editor.inspector.getByRole("alert")).toContainText('names "bob" as an approver, which is not an email address');
  await expect(editor.nodeIssues("review")).toHaveAttribute("data-severity", "error");
  await editor.inspector.getByRole("button", { name: "Remove bob" }).click();
  await editor.inspector.getByTestId("gate-approver-email").fill("ops@example.com");
  await editor.inspector.getByTestId("gate-approver-email").press("Enter");
  await expect(editor.inspector.getByTestId("gate-approver-user")).toHaveText(["ops@example.com"]);
  await editor.field("required_approvals").fill("2");
  await editor.field("allow_self_approval").check();
  await expect(editor.nodeIssues("review")).toHaveCount(0);

  await editor.save();
  await editor.expectSavedAt(2);
  const stored = await api.getWorkflow(id);
  const gate = stored.graph.nodes.find((n: { id: string }) => n.id === "review");
  expect(gate.config).toEqual({ label: "Review", prompt: "Ship it?", approvers: { roles: ["admin"], users: ["ops@example.com"] }, required_approvals: 2, allow_self_approval: true });
});
