/**
 * Test harness for the engine: build graphs tersely, run them on the in-memory store,
 * and observe tools that count, block, fail or track concurrency.
 */
import { z } from "zod";
import { Engine, type EngineOptions } from "../engine";
import { NodeError } from "../errors";
import { graphSchema, type Graph, type GraphInput } from "../graph/schema";
import type { RunEventPublisher, GateActor, RunRecord, RunTrigger, StepRecord, StoredEvent } from "../ports";
import { MemoryRunStore } from "../store/memory-store";
import { builtinTools, createToolRegistry } from "../tools/registry";
import type { ToolDefinition } from "../tools/types";

type NodeIn = GraphInput["nodes"][number];
type EdgeIn = GraphInput["edges"][number];

/** `graph(nodes, "a>b", "b>c:true")`: edges as `source>target[:condition_value]`. */
export function graph(nodes: NodeIn[], ...edges: (string | EdgeIn)[]): Graph {
  const parsed: EdgeIn[] = edges.map((e, i) => {
    if (typeof e !== "string") return e;
    const [route, value] = e.split(":");
    const [source, target] = route.split(">");
    return { id: `e${i + 1}`, source, target, ...(value ? { condition_value: value } : {}) };
  });
  return graphSchema.parse({ nodes, edges: parsed });
}

export const agent = (id: string, config: Partial<Extract<NodeIn, { type: "agent" }>["config"]> = {}): NodeIn => ({ id, type: "agent", config: { model: "mock", ...config } });
export const tool = (id: string, name: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): NodeIn => ({ id, type: "tool", config: { tool: name, params, ...extra } });
export const condition = (id: string, expression: string): NodeIn => ({ id, type: "condition", config: { expression } });
export const loop = (id: string, expression: string, max_iterations = 10): NodeIn => ({ id, type: "loop", config: { expression, max_iterations } });
export const merge = (id: string): NodeIn => ({ id, type: "merge", config: {} });
export const gate = (id: string, config: Record<string, unknown> = {}): NodeIn => ({ id, type: "human_gate", config: { prompt: "Approve?", ...config } });

/** Someone deciding at a gate: by default a person with the approver role, named by their id. */
export const person = (id: string, role: GateActor["role"] = "approver", extra: Partial<GateActor> = {}): GateActor => ({ type: "user", id, name: id, role, ...extra });
/** An API key made by `owner` (a key counts as its maker at gates). */
export const apiKey = (id: string, owner: string, role: GateActor["role"] = "approver"): GateActor => ({ type: "api_key", id, name: id, role, owner_id: owner });

/** A tool under the test's control: records calls and concurrency; `behave` decides each call. */
export class Probe {
  calls: { node_id: string; key: string; params: Record<string, unknown> }[] = [];
  running = 0;
  maxRunning = 0;
  aborted: string[] = [];
  private releases: (() => void)[] = [];

  constructor(
    readonly name = "probe",
    private behave: (params: Record<string, unknown>, call: number, signal: AbortSignal) => Promise<unknown> | unknown = (p) => p,
  ) {}

  /** A tool whose calls wait until `release()` (or abort). */
  static blocking(name = "block"): Probe {
    const probe: Probe = new Probe(name, (p, _n, signal) =>
      new Promise((resolve, reject) => {
        probe.releases.push(() => resolve(p));
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    );
    return probe;
  }

  release(): void {
    for (const r of this.releases.splice(0)) r();
  }

  get definition(): ToolDefinition {
    return {
      name: this.name,
      description: "test probe",
      params: z.record(z.string(), z.unknown()),
      run: async (raw, ctx) => {
        // The schema above guarantees the shape; ToolDefinition's default P is unknown.
        const params = raw as Record<string, unknown>;
        this.calls.push({ node_id: ctx.node_id, key: ctx.idempotency_key, params });
        this.running++;
        this.maxRunning = Math.max(this.maxRunning, this.running);
        const onAbort = () => this.aborted.push(ctx.node_id);
        ctx.signal.addEventListener("abort", onAbort, { once: true });
        try {
          return await this.behave(params, this.calls.length, ctx.signal);
        } finally {
          this.running--;
          ctx.signal.removeEventListener("abort", onAbort);
        }
      },
    };
  }

  callsFor(nodeId: string) {
    return this.calls.filter((c) => c.node_id === nodeId);
  }
}

/** A probe that sleeps `ms` then echoes. */
export const sleeper = (name: string, ms: number) => new Probe(name, (p) => new Promise((r) => setTimeout(() => r(p), ms)));

/** A probe whose first `failures` calls throw. */
export const flaky = (name: string, failures: number, retryable = true) =>
  new Probe(name, (p, n) => {
    if (n <= failures) throw new NodeError("tool_error", `boom ${n}`, { retryable });
    return p;
  });

export class EventLog implements RunEventPublisher {
  events: StoredEvent[] = [];
  publish(_runId: string, events: StoredEvent[]): void {
    this.events.push(...events);
  }
  types(): string[] {
    return this.events.map((e) => e.type);
  }
}

export interface Harness {
  engine: Engine;
  store: MemoryRunStore;
  events: EventLog;
  /** Create a run of `g` and start it; resolves to the run when its segment ends. */
  run(g: Graph, input?: Record<string, unknown>, options?: Record<string, unknown>, runId?: string): Promise<RunRecord>;
  startRun(g: Graph, input?: Record<string, unknown>, options?: Record<string, unknown>, runId?: string, triggeredBy?: RunTrigger): Promise<{ id: string; done: Promise<RunRecord> }>;
  /** As `run`, triggered by `trigger` (gates refuse its self-approval). */
  runBy(trigger: RunTrigger, g: Graph, input?: Record<string, unknown>): Promise<RunRecord>;
  steps(runId: string): Promise<StepRecord[]>;
}

let counter = 0;

export function harness(probes: Probe[] = [], opts: Partial<EngineOptions> = {}): Harness {
  const store = (opts.store as MemoryRunStore | undefined) ?? new MemoryRunStore();
  const events = new EventLog();
  const tools = createToolRegistry([...builtinTools(), ...probes.map((p) => p.definition)]);
  const engine = new Engine({ store, tools, events, retry: { base_ms: 1, max_ms: 5 }, ...opts });
  const startRun = async (g: Graph, input: Record<string, unknown> = {}, options: Record<string, unknown> = {}, runId = `run${++counter}`, triggeredBy?: RunTrigger) => {
    await store.createRun({ id: runId, workflow_id: "wf", workflow_version: 1, graph: g, input, options, created_at: Date.now(), ...(triggeredBy ? { triggered_by: triggeredBy } : {}) });
    const handle = await engine.start(runId);
    return { id: runId, done: handle.done };
  };
  return {
    engine,
    store,
    events,
    startRun,
    run: async (g, input, options, runId) => (await startRun(g, input, options, runId)).done,
    runBy: async (trigger, g, input) => (await startRun(g, input, {}, undefined, trigger)).done,
    steps: (runId) => store.listSteps(runId),
  };
}

/** Node ids of steps with the given status, in seq order. */
export const stepIds = (steps: StepRecord[], status?: StepRecord["status"]) => steps.filter((s) => !status || s.status === status).map((s) => s.node_id);

/** Wait until `check` holds, polling the event loop (no fixed sleeps in assertions). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 2));
  }
}
