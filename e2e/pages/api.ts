import { expect, type APIRequestContext } from "@playwright/test";
import type { GraphInput } from "@/engine/graph/schema";

/** Direct API calls for arranging a test and checking what was stored. */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  async createWorkflow(name: string, graph?: GraphInput): Promise<{ id: string; version: number }> {
    const res = await this.request.post("/api/workflows", { data: { name, graph } });
    expect(res.status()).toBe(201);
    return res.json();
  }

  async getWorkflow(id: string) {
    const res = await this.request.get(`/api/workflows/${id}`);
    expect(res.ok()).toBe(true);
    return res.json();
  }

  async saveGraph(id: string, graph: GraphInput, baseVersion: number) {
    const res = await this.request.put(`/api/workflows/${id}`, { data: { graph, base_version: baseVersion } });
    expect(res.ok()).toBe(true);
    return res.json();
  }

  /** Deletes every workflow, for tests that need the empty state. */
  async deleteAllWorkflows() {
    const res = await this.request.get("/api/workflows?limit=500");
    const { items } = (await res.json()) as { items: { id: string }[] };
    for (const wf of items) expect((await this.request.delete(`/api/workflows/${wf.id}`)).ok()).toBe(true);
  }
}
