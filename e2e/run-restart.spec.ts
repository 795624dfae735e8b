import { expect, test } from "@playwright/test";
import { startCounterService, type CounterService } from "../tests/integration/support/counter-service";
import { adminAuth, startServer, type TestServer } from "../tests/integration/support/server";
import { createOwner } from "./pages/accounts";
import { RunTimelinePage } from "./pages/run-timeline-page";

// A server of this test's own, to kill (the suite's stays up for the other specs), and a
// local service whose first `/slow` call never answers: the node in flight at the kill.
let server: TestServer;
let service: CounterService;
test.beforeAll(async () => {
  service = await startCounterService();
  server = await startServer({ env: { SWITCHYARD_ALLOWED_HOSTS: "127.0.0.1" } });
});
test.afterAll(async () => {
  await server?.stop();
  await service?.close();
});

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { ...adminAuth(), "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return (await res.json()) as T;
}

// This server has accounts of its own: the page signs in there, not with the suite's session.
test.use({ storageState: { cookies: [], origins: [] } });

test("the run page follows a run through a kill -9 and restart of the server, to its end", async ({ page }) => {
  await createOwner(page.request, server.baseUrl);
  const graph = {
    nodes: [
      { id: "one", type: "tool", position: { x: 0, y: 0 }, config: { label: "One", tool: "delay", params: { ms: 300 } } },
      { id: "two", type: "tool", position: { x: 250, y: 0 }, config: { label: "Two", tool: "http_request", params: { method: "POST", url: `${service.url}/slow` } } },
      { id: "three", type: "agent", position: { x: 500, y: 0 }, config: { label: "Three", model: "mock", user_message: "done" } },
    ],
    edges: [
      { id: "e1", source: "one", target: "two" },
      { id: "e2", source: "two", target: "three" },
    ],
  };
  const workflow = await post<{ id: string }>("/api/workflows", { name: "Restarted", graph });
  const { id } = await post<{ id: string }>(`/api/workflows/${workflow.id}/runs`, {});

  const run = new RunTimelinePage(page);
  await run.goto(id, server.baseUrl);
  await expect(run.row("two")).toHaveAttribute("data-status", "running");
  await expect(run.row("one")).toHaveAttribute("data-status", "completed");
  await expect(run.connection).toHaveAttribute("data-state", "live");

  await service.seen("/slow");
  await server.kill9();
  await expect(run.connection).toHaveAttribute("data-state", "reconnecting");
  await expect(run.status).toHaveText("running");

  // The restarted server resumes the run by itself; the page reconnects and sees the rest.
  await server.restart();
  await expect(run.status).toHaveText("completed", { timeout: 20_000 });
  await expect(run.row("two")).toHaveAttribute("data-status", "completed");
  await expect(run.row("two")).toContainText("attempt 2");
  await expect(run.row("three")).toHaveAttribute("data-status", "completed");
  await expect(run.rows).toHaveCount(3);
  await expect(run.connection).toHaveAttribute("data-state", "ended");
  // `two` was called again after the restart with the same key; `one` was not re-run.
  expect(service.keys("/slow")).toEqual([`${id}:two:1`, `${id}:two:1`]);
  const stored = (await (await fetch(`${server.baseUrl}/api/runs/${id}`, { headers: adminAuth() })).json()) as { duration_ms: number; steps: { node_id: string; attempt: number }[] };
  expect(stored.steps.map((s) => [s.node_id, s.attempt])).toEqual([["one", 1], ["two", 2], ["three", 1]]);
  // The duration keeps `one`, finished before the crash.
  expect(stored.duration_ms).toBeGreaterThanOrEqual(300);
});
