/**
 * The engine's public face: start, resume, approve, reject, cancel and expire runs.
 * Each active run is driven by one {@link RunDriver}; everything durable goes through
 * the {@link RunStore} port. See engine/ARCHITECTURE.md.
 */
import { EngineError, NodeError } from "./errors";
import type { Graph, HumanGateNode } from "./graph/schema";
import { createModelGateway } from "./models/gateway";
import type { Clock, RunEventPublisher, EngineEvent, GateActor, LoadedRun, ModelGateway, QueueItem, RunRecord, RunStore, StepRecord, SecretResolver } from "./ports";
import { DEFAULT_RETRY, type RetryPolicy } from "./run/attempts";
import { systemClock } from "./run/clock";
import { RunDriver, type DriverSnapshot } from "./run/driver";
import { approvalsOf, newApproval } from "./run/gate-approvals";
import { gatePolicy, mayApprove, mayReject } from "./run/gate-approvers";
import { completeGate, holdWrite, refuseBadInput, refuseUnless, rejection } from "./run/gate-decisions";
import { GateTimers } from "./run/gate-timers";
import { DEFAULT_LIMITS, resolveLimits, type RunLimits } from "./run/limits";
import { planFor } from "./run/plan";
import { checkpointWrite, finishStep, statusEvent } from "./run/records";
import { nextExecution, restoreScheduling, type Scheduling } from "./run/routing";
import { seedState } from "./run/state";
import { createToolRegistry } from "./tools/registry";
import type { ToolRegistry } from "./tools/types";

export interface EngineOptions {
  store: RunStore;
  models?: ModelGateway;
  tools?: ToolRegistry;
  /** Looks up `{secrets.NAME}` for http_request at call time; without it such calls fail. */
  secrets?: SecretResolver;
  clock?: Clock;
  events?: RunEventPublisher;
  retry?: RetryPolicy;
  /** Defaults under graph settings and trigger options. */
  limits?: Partial<RunLimits>;
  /**
   * False: this engine decides but does not drive (a process that serves requests beside worker
   * processes). Resume and a gate's last approval write their `resume` checkpoint and leave the
   * run `running` for a worker to drive on; their handle's `done` is the run as written.
   */
  drives?: boolean;
}

export interface RunHandle {
  /** The run as it stood when execution (re)started. */
  run: RunRecord;
  /** Resolves when this segment ends: completed, failed or paused at a gate. */
  done: Promise<RunRecord>;
}

export interface GateDecision {
  node_id: string;
  /**
   * Who decides, as they are now: the gate's approvers are checked against their current
   * role (a person demoted since their last approval, or a revoked key, is refused).
   */
  actor: GateActor;
  comment?: string;
  /** Reviewer form values; merged into state once the gate has all its approvals. */
  input?: Record<string, unknown>;
}

/** An accepted approval: the run's handle and where the gate's quorum stands after it. */
export interface ApprovalHandle extends RunHandle {
  approvals_so_far: number;
  required_approvals: number;
}

const emptyMeta = (): Scheduling => ({ exec_counts: {}, marks: {}, node_executions: 0, elapsed_ms: 0 });

export class Engine {
  private readonly store: RunStore;
  private readonly deps: ConstructorParameters<typeof RunDriver>[0];
  private readonly defaults: RunLimits;
  private readonly active = new Map<string, { driver: RunDriver; done: Promise<RunRecord> }>();
  /** Runs with a lifecycle operation in progress (one at a time per run, in this process). */
  private readonly busy = new Set<string>();
  private readonly gateTimers: GateTimers;
  private readonly drives: boolean;

  constructor(opts: EngineOptions) {
    this.store = opts.store;
    this.drives = opts.drives ?? true;
    this.deps = {
      store: opts.store,
      models: opts.models ?? createModelGateway(),
      tools: opts.tools ?? createToolRegistry([]),
      secrets: opts.secrets,
      clock: opts.clock ?? systemClock,
      events: opts.events,
      retry: opts.retry ?? DEFAULT_RETRY,
    };
    this.defaults = { ...DEFAULT_LIMITS, ...opts.limits };
    this.gateTimers = new GateTimers(this.deps.clock, (runId) => void this.expireGate(runId).catch(() => undefined));
  }

  /** Whether this process is driving the run right now. */
  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  activeRuns(): string[] {
    return [...this.active.keys()];
  }

  /** Resolves when every run driven by this engine has ended its segment. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()].map((a) => a.done));
  }

  /**
   * Begin a `pending` run: seed state, queue the start nodes, checkpoint `run_start`.
   *
   * `created`: the run as its creator has just submitted it (its row need not be durable
   * yet), so it is not read back. The `run_start` commit is then submitted before `start`
   * yields, so a store that groups commits can write the run and its start together.
   */
  start(runId: string, created?: { run: RunRecord; graph: Graph }): Promise<RunHandle> {
    return this.exclusive(runId, async () => {
      const loaded: LoadedRun = created
        ? { run: created.run, graph: created.graph, checkpoint: null, open_steps: [], last_step_seq: 0, last_event_seq: 0 }
        : await this.load(runId);
      if (loaded.run.status !== "pending") throw new EngineError("bad_state", `run ${runId} is ${loaded.run.status}, not pending`);
      const plan = planFor(loaded.graph);
      const meta = emptyMeta();
      const state = seedState(loaded.run.input);
      const queue: QueueItem[] = plan.startNodes.map((id) => ({ node_id: id, n: nextExecution(meta, id) }));
      const now = this.deps.clock.now();
      const run: RunRecord = { ...loaded.run, status: "running", started_at: now };
      // Not awaited here: the driver waits for it before its first admission, so start
      // nodes still never run ahead of their `run_start` checkpoint.
      const written = this.store
        .commit({
          run_id: runId,
          checkpoint: checkpointWrite(runId, 1, "run_start", state, null, [], queue, meta, now),
          run: { status: "running", started_at: now },
          events: [statusEvent(run, now)],
        })
        .then((stored) => this.deps.events?.publish(runId, stored));
      return this.launch({ ...this.snapshot({ ...loaded, run }), state, queue, meta, completed: [], checkpoint_seq: 1 }, [written]);
    });
  }

  /** Continue a failed run, or a running one whose process died, from its latest checkpoint. */
  resume(runId: string): Promise<RunHandle> {
    return this.exclusive(runId, async () => {
      const loaded = await this.load(runId);
      const { status, pending_gate } = loaded.run;
      if (status === "paused" && pending_gate) throw new EngineError("bad_state", `run ${runId} is waiting for approval at gate '${pending_gate.node_id}'`);
      if (status === "completed") throw new EngineError("bad_state", `run ${runId} is already completed`);
      if (status === "pending") throw new EngineError("bad_state", `run ${runId} has not started`);
      const snap = this.snapshot(loaded);
      return this.continueFrom(snap, [], []);
    });
  }

  /**
   * Approve the pending gate, if the gate lets this actor (`forbidden` otherwise; `bad_state`
   * when they approved already). Short of the gate's `required_approvals` the approval is
   * checkpointed and the run stays paused; the last one records the decision, merges the
   * reviewers' input (later approvals over earlier) and fires the gate's edges.
   */
  approve(runId: string, decision: GateDecision): Promise<ApprovalHandle> {
    return this.exclusive(runId, async () => {
      const { snap, gate, item } = await this.pendingGate(runId, decision.node_id);
      const policy = gatePolicy(gate.config);
      const earlier = approvalsOf(snap.state, gate.id);
      refuseUnless(mayApprove(policy, decision.actor, { triggered_by: snap.run.triggered_by, approvals: earlier }));
      const input = decision.input ?? {};
      refuseBadInput(gate, input);
      const now = this.deps.clock.now();
      const approvals = [...earlier, newApproval(decision.actor, decision.comment, input, now)];
      const quorum = { approvals_so_far: approvals.length, required_approvals: policy.required_approvals };
      if (approvals.length < policy.required_approvals) {
        const stored = await this.store.commit(holdWrite(snap, gate.id, approvals, now));
        this.deps.events?.publish(runId, stored);
        const run = (await this.store.getRun(runId))!;
        return { run, done: Promise.resolve(run), ...quorum };
      }
      const { steps, events, changed } = completeGate(snap, gate, item, approvals, now);
      return { ...(await this.continueFrom(snap, steps, events, changed)), ...quorum };
    });
  }

  /**
   * Reject the pending gate, if the actor is one of its approvers (`forbidden` otherwise):
   * one rejection fails the run, naming the gate and the reviewer, whatever approvals it had.
   */
  reject(runId: string, decision: Omit<GateDecision, "input">): Promise<RunRecord> {
    return this.exclusive(runId, async () => {
      const { snap, gate, item } = await this.pendingGate(runId, decision.node_id);
      refuseUnless(mayReject(gatePolicy(gate.config), decision.actor));
      const now = this.deps.clock.now();
      const { reason, step } = rejection(snap, gate, item, decision.actor, decision.comment, now);
      return this.fail(snap.run, reason, now, [step]);
    });
  }

  /**
   * Cancel: an active run stops admitting, aborts in-flight calls, settles and fails with
   * `cancelled by <actor>` (`by`: how to name them); a paused or interrupted run fails at once.
   */
  async cancel(runId: string, by: string): Promise<RunRecord> {
    const reason = `cancelled by ${by}`;
    const active = this.active.get(runId);
    if (active) {
      active.driver.cancel(reason);
      return active.done;
    }
    return this.failIdle(runId, reason);
  }

  /**
   * Fail a run nobody is driving that could not be driven: its segments kept stopping with
   * an error (say, a write the store refuses every time). Its open steps fail with it.
   */
  abandon(runId: string, reason: string): Promise<RunRecord> {
    if (this.active.has(runId)) return Promise.reject(new EngineError("bad_state", `run ${runId} is being driven`));
    return this.failIdle(runId, reason);
  }

  private failIdle(runId: string, reason: string): Promise<RunRecord> {
    return this.exclusive(runId, async () => {
      const loaded = await this.load(runId);
      if (loaded.run.status === "completed" || loaded.run.status === "failed") throw new EngineError("bad_state", `run ${runId} is already ${loaded.run.status}`);
      const now = this.deps.clock.now();
      const steps = loaded.open_steps.map((s) => finishStep(s, "failed", now, { error: reason }));
      return this.fail(loaded.run, reason, now, steps);
    });
  }

  /** Fail a paused run whose gate deadline has passed (SPEC §6). Returns null when not due. */
  expireGate(runId: string): Promise<RunRecord | null> {
    return this.exclusive(runId, async () => {
      const loaded = await this.load(runId);
      const gate = loaded.run.pending_gate;
      const now = this.deps.clock.now();
      if (loaded.run.status !== "paused" || !gate?.expires_at) return null;
      if (gate.expires_at > now) {
        // Timers may fire a millisecond before the wall clock reaches the deadline: wait again.
        this.gateTimers.arm(loaded.run);
        return null;
      }
      const steps = loaded.open_steps.filter((s) => s.node_id === gate.node_id).map((s) => finishStep(s, "failed", now, { error: "gate timeout" }));
      return this.fail(loaded.run, `gate timeout: gate '${gate.node_id}' expired without a decision`, now, steps);
    });
  }

  private async fail(run: RunRecord, reason: string, now: number, steps: StepRecord[]): Promise<RunRecord> {
    const failed: RunRecord = { ...run, status: "failed", error_message: reason, pending_gate: null, finished_at: now };
    const events: EngineEvent[] = [...steps.map((step) => ({ type: "step.finished" as const, run_id: run.id, step })), statusEvent(failed, now)];
    const stored = await this.store.commit({ run_id: run.id, steps, run: { status: "failed", error_message: reason, pending_gate: null, finished_at: now }, events });
    this.deps.events?.publish(run.id, stored);
    this.gateTimers.clear(run.id);
    return (await this.store.getRun(run.id))!;
  }

  private async load(runId: string): Promise<LoadedRun> {
    const loaded = await this.store.loadRun(runId);
    if (!loaded) throw new EngineError("not_found", `run ${runId} not found`);
    return loaded;
  }

  private snapshot(loaded: LoadedRun): DriverSnapshot {
    const cp = loaded.checkpoint;
    const plan = planFor(loaded.graph);
    return {
      run: loaded.run,
      plan,
      limits: resolveLimits(loaded.graph.settings, loaded.run.options, this.defaults),
      state: cp ? cp.state : seedState(loaded.run.input),
      completed: cp ? [...cp.completed] : [],
      queue: cp ? [...cp.queue] : [],
      meta: cp ? restoreScheduling(cp.meta, cp.completed, cp.queue) : emptyMeta(),
      checkpoint_seq: cp ? cp.seq : 0,
      last_step_seq: loaded.last_step_seq,
      open_steps: loaded.open_steps,
    };
  }

  private async pendingGate(runId: string, nodeId: string) {
    const loaded = await this.load(runId);
    const gateInfo = loaded.run.pending_gate;
    if (loaded.run.status !== "paused" || !gateInfo) throw new EngineError("bad_state", `run ${runId} is not waiting at a gate`);
    if (gateInfo.node_id !== nodeId) throw new EngineError("bad_state", `run ${runId} is waiting at gate '${gateInfo.node_id}', not '${nodeId}'`);
    const snap = this.snapshot(loaded);
    const node = snap.plan.index.nodes.get(nodeId);
    const item = snap.queue.find((q) => q.node_id === nodeId);
    if (!node || node.type !== "human_gate" || !item) throw new EngineError("bad_state", `gate '${nodeId}' is not pending in run ${runId}`);
    return { snap, gate: node as HumanGateNode, item };
  }

  /** Write the `resume` checkpoint (with any decision already applied) and drive on. */
  private async continueFrom(snap: DriverSnapshot, steps: StepRecord[], events: EngineEvent[], changed: string[] = []): Promise<RunHandle> {
    const now = this.deps.clock.now();
    const runId = snap.run.id;
    const run: RunRecord = { ...snap.run, status: "running", error_message: null, pending_gate: null, finished_at: null, started_at: snap.run.started_at ?? now };
    snap.checkpoint_seq += 1;
    const stored = await this.store.commit({
      run_id: runId,
      steps,
      checkpoint: checkpointWrite(runId, snap.checkpoint_seq, "resume", snap.state, changed, snap.completed, snap.queue, snap.meta, now),
      run: { status: "running", error_message: null, pending_gate: null, finished_at: null, started_at: run.started_at },
      events: [...events, statusEvent(run, now)],
    });
    this.deps.events?.publish(runId, stored);
    this.gateTimers.clear(runId);
    return this.launch({ ...snap, run });
  }

  private launch(snap: DriverSnapshot, pending: Promise<unknown>[] = []): RunHandle {
    if (!this.drives) return { run: snap.run, done: Promise.all(pending).then(() => snap.run) };
    const driver = new RunDriver(this.deps, snap, pending);
    const done = driver.drive().then(
      (run) => {
        this.active.delete(snap.run.id);
        this.gateTimers.arm(run);
        return run;
      },
      (err: unknown) => {
        this.active.delete(snap.run.id);
        throw err;
      },
    );
    this.active.set(snap.run.id, { driver, done });
    return { run: snap.run, done };
  }

  private async exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    if (this.busy.has(runId) || this.active.has(runId)) throw new EngineError("bad_state", `run ${runId} is busy`);
    this.busy.add(runId);
    try {
      return await fn();
    } finally {
      this.busy.delete(runId);
    }
  }
}

export { NodeError };
