/**
 * The run driver: one async loop per active run (STYLE rule 5). Planning is delegated to
 * pure functions (routing.ts, limits.ts, records.ts); this file only sequences them and
 * talks to the store. engine/ARCHITECTURE.md walks through a run's life.
 */
import { setMaxListeners } from "node:events";
import { nodeLabel, type GraphNode } from "../graph/schema";
import { errorMessage, NodeError } from "../errors";
import { kindOf } from "../nodes/registry";
import type { ExecutableKind, ParkingKind, Prepared } from "../nodes/types";
import type { Clock, EngineEvent, RunEventPublisher, ModelGateway, PendingGate, QueueItem, RunRecord, RunStatus, RunStore, RunWrite, SecretResolver, State, StepRecord } from "../ports";
import type { ToolRegistry } from "../tools/types";
import { runAttempts, type AttemptOutcome, type RetryPolicy } from "./attempts";
import { approvalsOf } from "./gate-approvals";
import type { RunLimits } from "./limits";
import type { RunPlan } from "./plan";
import { checkpointWrite, finishStep, idempotencyKey, newStep, statusEvent } from "./records";
import { routeSettled, type Scheduling } from "./routing";
import { RunQueue } from "./run-queue";
import { publicState } from "./state";

export interface DriverDeps {
  store: RunStore;
  models: ModelGateway;
  tools: ToolRegistry;
  secrets?: SecretResolver;
  clock: Clock;
  events?: RunEventPublisher;
  retry: RetryPolicy;
}

/** Abort listeners one attempt may hold on the run's signal: the race, a timeout's chain, its I/O. */
const LISTENERS_PER_ATTEMPT = 3;

/** Everything a driver resumes from: the latest checkpoint plus run totals. */
export interface DriverSnapshot {
  run: RunRecord;
  plan: RunPlan;
  limits: RunLimits;
  state: State;
  completed: string[];
  queue: QueueItem[];
  meta: Scheduling;
  checkpoint_seq: number;
  last_step_seq: number;
  open_steps: StepRecord[];
}

interface Flight {
  item: QueueItem;
  node: GraphNode;
  step: StepRecord;
}

interface Parked {
  item: QueueItem;
  node: GraphNode;
  step: StepRecord;
  /** What the run waits for here, as the kind said when the node was reached. */
  gate: Omit<PendingGate, "approvals">;
}

type Settled = { flight: Flight; outcome: AttemptOutcome };

/** Why admission stopped for good in this segment. */
interface Stop {
  message: string;
  /** Abort in-flight work (cancel, time limit) rather than letting it settle naturally. */
  abort: boolean;
}

export class RunDriver {
  readonly runId: string;
  private readonly plan: RunPlan;
  private readonly limits: RunLimits;
  private readonly state: State;
  private readonly completed: string[];
  private readonly queue: RunQueue<Flight, Parked>;
  private readonly meta: Scheduling;
  private readonly openSteps = new Map<string, StepRecord>();
  private readonly settled: Settled[] = [];
  private readonly commits: Promise<unknown>[] = [];
  private readonly controller = new AbortController();
  private changed = new Set<string>();
  /** Length of `completed` at the last checkpoint (it only grows: see CheckpointHint). */
  private baseCompletedLength: number;
  private checkpointSeq: number;
  private stepSeq: number;
  private totals: { cost_micros: number; tokens_in: number; tokens_out: number };
  /** The run as this segment's writes leave it: the snapshot's record with every patch applied, as a store applies them. */
  private record: RunRecord;
  private stop: Stop | null = null;
  private wake: (() => void) | null = null;
  private segmentStart = 0;

  /** `pending`: commits issued before the driver took over, awaited before the first admission. */
  constructor(private readonly deps: DriverDeps, snap: DriverSnapshot, pending: Promise<unknown>[] = []) {
    this.commits.push(...pending);
    this.runId = snap.run.id;
    this.plan = snap.plan;
    this.limits = snap.limits;
    // Every attempt in flight listens on the run's signal (the abort race or its timeout's
    // chain) and so may its node's own I/O: allow that many before Node's leak warning.
    setMaxListeners(Math.max(10, LISTENERS_PER_ATTEMPT * snap.limits.max_parallel_nodes), this.controller.signal);
    this.state = snap.state;
    this.completed = snap.completed;
    this.queue = new RunQueue(snap.queue);
    this.meta = snap.meta;
    this.checkpointSeq = snap.checkpoint_seq;
    this.stepSeq = snap.last_step_seq;
    this.totals = { cost_micros: snap.run.cost_micros, tokens_in: snap.run.tokens_in, tokens_out: snap.run.tokens_out };
    this.record = { ...snap.run }; // this segment's own copy: patched in place
    for (const step of snap.open_steps) this.openSteps.set(step.idempotency_key, step);
    this.baseCompletedLength = snap.completed.length;
  }

  /** Stop admitting, abort in-flight work, and end the run failed with this reason. */
  cancel(reason: string): void {
    this.halt({ message: reason, abort: true });
  }

  /**
   * Drive the run until it completes, fails or parks at a gate.
   *
   * 1. Admit queued executions while slots are free (parking at gates).
   * 2. Wait for any in-flight execution to settle.
   * 3. Apply each settled result: state writes, edge routing, a checkpoint — one commit.
   * 4. Wait until those commits are durable before admitting their successors (only
   *    then: the last node's commit and the final one share a transaction).
   * 5. When nothing is in flight and nothing can be admitted, finish.
   */
  async drive(): Promise<RunRecord> {
    this.segmentStart = this.deps.clock.now();
    const remaining = this.limits.max_execution_time_ms - this.meta.elapsed_ms;
    const cancelLimit = this.deps.clock.timer(Math.max(0, remaining), () => this.halt({ message: `execution time limit of ${this.limits.max_execution_time_ms} ms exceeded`, abort: true }));
    try {
      for (;;) {
        if (this.canAdmit()) {
          await this.flush();
          this.admit();
        }
        if (this.queue.inFlight.size === 0 && this.settled.length === 0) break;
        if (this.settled.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
        for (let s = this.settled.shift(); s; s = this.settled.shift()) this.applySettled(s);
      }
      return await this.finish();
    } catch (err) {
      // A commit failed (a lost lease, the storage): nothing more of this segment can be
      // recorded, so the work still in flight is stopped rather than left to act unrecorded.
      this.controller.abort(err);
      throw err;
    } finally {
      cancelLimit();
    }
  }

  private halt(stop: Stop): void {
    if (this.stop) return;
    this.stop = stop;
    if (stop.abort) this.controller.abort(new Error(stop.message));
  }

  private canAdmit(): boolean {
    const q = this.queue;
    return !this.stop && q.parked.length === 0 && q.inFlight.size < this.limits.max_parallel_nodes && q.pendingCount() > 0;
  }

  private admit(): void {
    while (this.canAdmit()) {
      const item = this.queue.shift();
      if (this.meta.node_executions >= this.limits.max_node_executions) {
        this.queue.requeueFront(item);
        this.halt({ message: `node execution limit of ${this.limits.max_node_executions} exceeded`, abort: false });
        return;
      }
      const node = this.plan.index.nodes.get(item.node_id)!;
      this.meta.node_executions++;
      const kind = kindOf(node);
      if (kind.admission === "park") this.park(item, node, kind);
      else this.launch(item, node, kind);
    }
  }

  /** The step for an execution: re-attached when a crashed segment already started it. */
  private openStep(item: QueueItem, node: GraphNode, status: "running" | "waiting"): StepRecord {
    const key = idempotencyKey(this.runId, node.id, item.n);
    const now = this.deps.clock.now();
    const previous = this.openSteps.get(key);
    if (previous) {
      this.openSteps.delete(key);
      const attempt = status === "running" ? previous.attempt + 1 : previous.attempt;
      return { ...previous, status, attempt, input_checkpoint: this.checkpointSeq, started_at: now, finished_at: null, duration_ms: null, error: null };
    }
    return newStep(this.runId, ++this.stepSeq, node, status, key, this.checkpointSeq, now);
  }

  private launch(item: QueueItem, node: GraphNode, kind: ExecutableKind<GraphNode>): void {
    const step = this.openStep(item, node, "running");
    const flight: Flight = { item, node, step };
    this.queue.fly(step.idempotency_key, flight);
    this.commit({ run_id: this.runId, steps: [step], events: [{ type: "step.started", run_id: this.runId, step }] });
    let prepared: Prepared;
    try {
      prepared = kind.prepare(node, this.state);
    } catch (err) {
      void Promise.resolve().then(() => this.onSettled(flight, { ok: false, error: toFailure(err), attempts: 1 }));
      return;
    }
    const ctx = {
      run_id: this.runId,
      node_id: node.id,
      idempotency_key: step.idempotency_key,
      signal: this.controller.signal,
      clock: this.deps.clock,
      models: this.deps.models,
      tools: this.deps.tools,
      secrets: this.deps.secrets,
      onDelta: this.deps.events?.delta
        ? (text: string) => this.deps.events!.delta!({ type: "step.delta", run_id: this.runId, step_id: step.id, node_id: node.id, text })
        : undefined,
    };
    const retries = node.config.retries ?? 0;
    runAttempts(prepared, ctx, {
      retries,
      timeout_ms: node.config.timeout_ms,
      policy: this.deps.retry,
      clock: this.deps.clock,
      onRetry: (attempt) => {
        flight.step = { ...flight.step, attempt: step.attempt + attempt - 1 };
        this.commit({ run_id: this.runId, steps: [flight.step] });
      },
    }).then((outcome) => this.onSettled(flight, outcome));
  }

  private onSettled(flight: Flight, outcome: AttemptOutcome): void {
    this.settled.push({ flight, outcome });
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private park(item: QueueItem, node: GraphNode, kind: ParkingKind<GraphNode>): void {
    const step = this.openStep(item, node, "waiting");
    this.queue.park({ item, node, step, gate: kind.park(node, this.state, this.deps.clock.now()) });
    this.commit({ run_id: this.runId, steps: [step], events: [{ type: "step.started", run_id: this.runId, step }] });
  }

  /** Apply one settled execution and write its checkpoint (one atomic commit). */
  private applySettled({ flight, outcome }: Settled): void {
    const { node } = flight;
    const now = this.deps.clock.now();
    const events: EngineEvent[] = [];
    const steps: StepRecord[] = [];
    if (outcome.ok) {
      const { result } = outcome;
      for (const [key, value] of Object.entries(result.writes ?? {})) {
        this.state[key] = value;
        this.changed.add(key);
      }
      this.completed.push(node.id);
      const usage = result.usage;
      if (usage) {
        this.totals.cost_micros += usage.cost_micros;
        this.totals.tokens_in += usage.tokens_in;
        this.totals.tokens_out += usage.tokens_out;
      }
      const step = finishStep(flight.step, "completed", now, {
        output: result.output,
        attempt: flight.step.attempt,
        ...(usage ? { cost_micros: usage.cost_micros, tokens_in: usage.tokens_in, tokens_out: usage.tokens_out, model: usage.model } : {}),
      });
      steps.push(step);
      events.push({ type: "step.finished", run_id: this.runId, step });
      const routing = routeSettled(this.plan, this.meta, node.id, result.branch);
      this.queue.complete(flight.step.idempotency_key, flight, routing.queued);
      for (const id of routing.skipped) {
        const skippedNode = this.plan.index.nodes.get(id)!;
        const skipped = newStep(this.runId, ++this.stepSeq, skippedNode, "skipped", `${this.runId}:${id}:skipped`, this.checkpointSeq, now);
        steps.push(skipped);
        events.push({ type: "step.finished", run_id: this.runId, step: skipped });
      }
      this.checkGuards();
    } else {
      const cancelled = this.stop?.abort === true && outcome.error.code === "cancelled";
      const error = cancelled ? `cancelled: ${this.stop!.message}` : outcome.error.message;
      const step = finishStep(flight.step, "failed", now, { error });
      steps.push(step);
      events.push({ type: "step.finished", run_id: this.runId, step });
      this.queue.fail(flight.step.idempotency_key, flight);
      this.halt({ message: `node '${nodeLabel(node)}' (${node.id}) failed: ${outcome.error.message}`, abort: false });
    }
    this.commit({
      run_id: this.runId,
      steps,
      checkpoint: this.checkpoint(`node:${node.id}`, now),
      run: { ...this.totals, node_executions: this.meta.node_executions },
      events,
    });
  }

  private checkGuards(): void {
    const { budget_micros, max_tokens } = this.limits;
    if (budget_micros !== null && this.totals.cost_micros > budget_micros) {
      this.halt({ message: `budget exceeded: spent $${(this.totals.cost_micros / 1e6).toFixed(6)} of $${(budget_micros / 1e6).toFixed(6)}`, abort: false });
    }
    const tokens = this.totals.tokens_in + this.totals.tokens_out;
    if (max_tokens !== null && tokens > max_tokens) {
      this.halt({ message: `token limit exceeded: used ${tokens} of ${max_tokens} tokens`, abort: false });
    }
  }

  private checkpoint(tag: `node:${string}` | `gate:${string}`, now: number) {
    const changed = [...this.changed];
    this.changed.clear();
    const { queue, edits } = this.queue.checkpoint();
    // The checkpoint carries the run's time up to now, so a resume after a crash keeps this
    // segment's finished work in the duration and the time limit.
    const meta = { ...this.meta, elapsed_ms: this.meta.elapsed_ms + (now - this.segmentStart) };
    const write = checkpointWrite(this.runId, ++this.checkpointSeq, tag, this.state, changed, this.completed, queue, meta, now);
    if (edits) write.hint = { completed_from: this.baseCompletedLength, queue_edits: edits };
    this.baseCompletedLength = this.completed.length;
    return write;
  }



  private commit(write: RunWrite): void {
    if (write.run) Object.assign(this.record, write.run);
    const p = this.deps.store.commit(write).then((stored) => {
      if (stored.length > 0) this.deps.events?.publish(this.runId, stored);
    });
    this.commits.push(p);
  }

  /** Wait until every commit issued so far is durable. */
  private async flush(): Promise<void> {
    while (this.commits.length > 0) {
      const batch = this.commits.splice(0);
      await Promise.all(batch);
    }
  }

  /** End of segment: failed, paused at a gate, or completed. */
  private async finish(): Promise<RunRecord> {
    const now = this.deps.clock.now();
    this.meta.elapsed_ms += now - this.segmentStart;
    this.segmentStart = now; // counted: the gate's checkpoint below adds nothing more
    const duration_ms = this.meta.elapsed_ms;
    const base = { ...this.totals, node_executions: this.meta.node_executions, duration_ms };
    let status: RunStatus;
    const write: RunWrite = { run_id: this.runId, steps: [], events: [] };
    if (this.stop) {
      status = "failed";
      for (const p of this.queue.parked) write.steps!.push({ ...p.step, status: "pending" });
      write.run = { ...base, status, error_message: this.stop.message, pending_gate: null, finished_at: now };
    } else if (this.queue.parked.length > 0) {
      status = "paused";
      const gate = this.queue.parked[0];
      // Approvals given before the run stopped at this gate another way (its timeout, say) and was resumed still count.
      const pending_gate: PendingGate = { ...gate.gate, approvals: approvalsOf(this.state, gate.node.id) };
      write.run = { ...base, status, pending_gate, error_message: null };
      write.checkpoint = this.checkpoint(`gate:${gate.node.id}`, now);
      write.events!.push({ type: "gate.pending", run_id: this.runId, gate: pending_gate, step_id: gate.step.id });
    } else {
      status = "completed";
      write.run = { ...base, status, output: publicState(this.state), error_message: null, pending_gate: null, finished_at: now };
    }
    write.events!.push(statusEvent({ id: this.runId, status, error_message: write.run.error_message ?? null, ...this.totals, duration_ms, pending_gate: write.run.pending_gate ?? null }, now));
    this.commit(write);
    await this.flush();
    // Not read back: the record is what the store holds once these writes committed (the run is this segment's alone).
    return this.record;
  }
}

/** A failure while preparing (rendering, evaluating): deterministic, so never retried. */
function toFailure(err: unknown): NodeError {
  return err instanceof NodeError ? err : new NodeError("node_failed", errorMessage(err), { retryable: false });
}
