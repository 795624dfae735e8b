import { expect, request as requests, type APIRequestContext } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";

/**
 * Who triggers the specs' runs: an editor, not the owner the browser is signed in as, so the
 * owner reviewing them is not approving runs of their own (a gate refuses that by default).
 */
export const E2E_EDITOR = { name: "Ed Editor", email: "ed@example.com", role: "editor", password: "e2e-editor-password" };

/** A person signed in on a request context of their own (the specs' `request` stays the owner's). */
export async function signedInAs(person: { email: string; password: string }): Promise<APIRequestContext> {
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  // No cookies of the owner's; the Origin a browser would send (sign-in refuses a cookie-carrying POST without one).
  const context = await requests.newContext({ baseURL, storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { origin: baseURL } });
  const res = await context.post("/api/auth/sign-in/email", { data: { email: person.email, password: person.password } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

let editorKey: Promise<string> | undefined;

/** The editor's API key, made (with the account, when new) on first use in this worker. */
function editorAuthorization(owner: APIRequestContext): Promise<string> {
  editorKey ??= (async () => {
    const made = await owner.post("/api/users", { data: E2E_EDITOR });
    if (made.status() !== 409) expect(made.status(), await made.text()).toBe(201);
    const editor = await signedInAs(E2E_EDITOR);
    const key = await editor.post("/api/api-keys", { data: { name: `e2e runs ${Date.now()}`, role: "editor" } });
    expect(key.status(), await key.text()).toBe(201);
    const { key: secret } = (await key.json()) as { key: string };
    await editor.dispose();
    return `Bearer ${secret}`;
  })();
  return editorKey;
}

/**
 * A workflow with a parallel fan-out (an agent and two delay tools), a merge, a human gate
 * with a reviewer form, then a final agent. The delays make each step observable live.
 */
export function fanOutGateGraph(delayMs = 500): GraphInput {
  return {
    nodes: [
      { id: "intake", type: "tool", position: { x: 0, y: 150 }, config: { label: "Intake", tool: "set", params: { ticket: "{ticket}" } } },
      { id: "classify", type: "agent", position: { x: 300, y: 0 }, config: { label: "Classify", model: "mock", user_message: "Classify {ticket}", output_key: "category" } },
      { id: "lookup", type: "tool", position: { x: 300, y: 150 }, config: { label: "Lookup", tool: "delay", params: { ms: delayMs } } },
      { id: "enrich", type: "tool", position: { x: 300, y: 300 }, config: { label: "Enrich", tool: "delay", params: { ms: delayMs + 300 } } },
      { id: "join", type: "merge", position: { x: 600, y: 150 }, config: { label: "Join" } },
      {
        id: "review",
        type: "human_gate",
        position: { x: 900, y: 150 },
        config: { label: "Review", prompt: "Approve the reply for {ticket}?", fields: [{ name: "note", type: "text", label: "Note", required: true }, { name: "priority", type: "select", options: ["low", "high"], required: true }] },
      },
      { id: "draft", type: "agent", position: { x: 1200, y: 150 }, config: { label: "Draft", model: "mock", user_message: "Reply about {category}: {note}", output_key: "reply" } },
    ],
    edges: [
      { id: "e1", source: "intake", target: "classify" },
      { id: "e2", source: "intake", target: "lookup" },
      { id: "e3", source: "intake", target: "enrich" },
      { id: "e4", source: "classify", target: "join" },
      { id: "e5", source: "lookup", target: "join" },
      { id: "e6", source: "enrich", target: "join" },
      { id: "e7", source: "join", target: "review" },
      { id: "e8", source: "review", target: "draft" },
    ],
  };
}

/** Direct run calls for arranging run tests and checking what was stored. */
export class RunApi {
  constructor(private readonly request: APIRequestContext) {}

  /** Triggers as the editor ({@link E2E_EDITOR}), so the signed-in owner may approve the run's gates. */
  async trigger(workflowId: string, input: Record<string, unknown>): Promise<string> {
    const res = await this.request.post(`/api/workflows/${workflowId}/runs`, { data: { input }, headers: { authorization: await editorAuthorization(this.request) } });
    expect(res.status()).toBe(201);
    return (await res.json()).id;
  }

  async run(runId: string): Promise<{
    status: string;
    cost_usd: number;
    started_at: string | null;
    finished_at: string | null;
    steps: { cost_usd: number; node_id: string; started_at: string | null; finished_at: string | null }[];
    output: Record<string, unknown> | null;
  }> {
    const res = await this.request.get(`/api/runs/${runId}`);
    expect(res.ok()).toBe(true);
    return res.json();
  }
}
