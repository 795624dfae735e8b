import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "./support/fake-llm";
import { openaiChat } from "./support/fake-llm-protocols";
import { client } from "./support/http";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let llm: FakeLlm;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  llm = await startFakeLlm((req, res) => void openaiChat(res, req.body.stream === true, ["Refund ", "approved"], { input: 1000, output: 500 }));
  server = await startServer({ env: { OPENAI_API_KEY: "sk-test-server", OPENAI_BASE_URL: llm.baseURL, SWITCHYARD_LOCAL_BASE_URL: llm.baseURL } });
  api = client(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

type Run = { status: string; cost_usd: number; tokens_in: number; tokens_out: number; steps: { node_id: string; output: unknown; tokens_in: number; tokens_out: number; cost_usd: number; model: string }[] };

describe("real providers in the server", () => {
  it("openai:gpt-4o-mini and local:llama3.1:8b against fake servers: replies, tokens and cost per step", async () => {
    const graph = {
      nodes: [
        { id: "classify", type: "agent", position: { x: 0, y: 0 }, config: { model: "openai:gpt-4o-mini", user_message: "Ticket: {ticket}", output_key: "category" } },
        { id: "draft", type: "agent", position: { x: 200, y: 0 }, config: { model: "local:llama3.1:8b", user_message: "{category}" } },
      ],
      edges: [{ id: "e1", source: "classify", target: "draft" }],
    };
    const wf = await api.post<{ id: string; validation: { warnings: unknown[] } }>("/api/workflows", { name: "providers", graph });
    expect(wf.body.validation.warnings).toEqual([]);
    const triggered = await api.post<{ id: string }>(`/api/workflows/${wf.body.id}/runs?wait=30000`, { input: { ticket: "refund please" } });
    const run = (await api.get<Run>(`/api/runs/${triggered.body.id}`)).body;
    expect(run.status).toBe("completed");
    const [classify, draft] = run.steps;
    expect(classify).toMatchObject({ node_id: "classify", output: "Refund approved", tokens_in: 1000, tokens_out: 500, model: "openai:gpt-4o-mini", cost_usd: 0.00045 });
    expect(draft).toMatchObject({ node_id: "draft", output: "Refund approved", tokens_in: 1000, tokens_out: 500, model: "local:llama3.1:8b", cost_usd: 0 });
    expect([run.cost_usd, run.tokens_in, run.tokens_out]).toEqual([0.00045, 2000, 1000]);
    expect(llm.requests.map((r) => [r.headers.authorization, r.body.model])).toEqual([
      ["Bearer sk-test-server", "gpt-4o-mini"],
      [undefined, "llama3.1:8b"],
    ]);
    expect(server.log()).not.toContain("sk-test-server");
  });
});
