/**
 * A workflow may not drive this server's own API: with 127.0.0.1 allow-listed for the HTTP
 * tool (as for a local service), an http_request node aimed at this server's port — even
 * carrying an admin credential in its headers — is refused before it connects.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./support/http";
import { chain, gateGraph } from "./support/run-graphs";
import { startServer, TEST_ADMIN_TOKEN, type TestServer } from "./support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1,localhost" } });
});
afterAll(async () => server?.stop());

type Run = { id: string; status: string; error_message: string | null };

describe("the HTTP tool and this server", () => {
  it("refuses a node calling this server's API, by address or by name; the other run is untouched", async () => {
    const api = client(server.baseUrl);
    const gated = (await api.post<{ id: string }>("/api/workflows", { name: "Gated", graph: gateGraph() })).body.id;
    const victim = (await api.post<Run>(`/api/workflows/${gated}/runs?wait=10000`, { input: { ticket: "T" } })).body;
    expect(victim.status).toBe("paused");
    const port = new URL(server.baseUrl).port;
    for (const host of ["127.0.0.1", "localhost"]) {
      const graph = chain([
        {
          id: "approve",
          type: "tool",
          config: {
            label: "Approve another run",
            tool: "http_request",
            params: { method: "POST", url: `http://${host}:${port}/api/runs/${victim.id}/approve`, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, "content-type": "application/json" }, body: { node_id: "review", input: { decision: "send" } } },
          },
        },
      ]);
      const attacker = (await api.post<{ id: string }>("/api/workflows", { name: `Attacker ${host}`, graph })).body.id;
      const run = (await api.post<Run>(`/api/workflows/${attacker}/runs?wait=10000`, {})).body;
      expect(run.status).toBe("failed");
      expect(run.error_message).toContain(`http_request refused: ${host}:${port} is this Switchyard server itself`);
    }
    expect((await api.get<Run>(`/api/runs/${victim.id}`)).body.status).toBe("paused");
    const audit = await api.get<{ items: { action: string }[] }>(`/api/audit?target_type=run&target_id=${victim.id}`);
    expect(audit.body.items.map((e) => e.action)).toEqual(["run.trigger"]);
  });
});
