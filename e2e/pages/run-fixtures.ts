import { expect, type APIRequestContext } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";

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

  async trigger(workflowId: string, input: Record<string, unknown>): Promise<string> {
    const res = await this.request.post(`/api/workflows/${workflowId}/runs`, { data: { input } });
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
