import "server-only";
/**
 * Runs (SPEC §5, §10): trigger, read, list, checkpoints. Triggering validates the
 * workflow's current graph, writes the run, its `run.trigger` audit row and its start in
 * one transaction, and drives the run in the background under this process's lease (or, in a
 * web process beside workers, hands it to them with a queue job in that same transaction).
 */
import { SETTLED_STATUSES, type CheckpointRecord, type RunOptions, type RunRecord, type RunStatus, type RunTrigger, type State, type StepRecord } from "@/engine/ports";
import { estimateMaterializedSizes, materializeStates, type EncodedState } from "@/engine/store/checkpoint-codec";
import { publicState } from "@/engine/run/state";
import { hasErrors } from "@/engine/validate";
import { ApiError, decodeCursor, notFound, toPage, type Actor, type Page, type PageRequest } from "@/lib/http";
import { storage, type CheckpointSize, type RunListPosition, type RunWithWorkflow, type WatchedRun } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { runReads, runtime, waitForRun } from "@/lib/runtime";
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";
import { secretNames } from "@/lib/secrets/service";
import { gateAccess } from "./gate-access";
import { checkedVersionAgainst } from "./run-validation";
import type { CheckpointAnswer, CheckpointListAnswer, RunGateAnswer } from "./run-answers";
import { toGateDto, toRunDto, toRunSummaryDto, toStepDto, type StepDto } from "./run-dto";
import { isoTime } from "@/lib/db/timestamps";

export type RunDto = ReturnType<typeof toRunDto>;
export type RunSummaryDto = ReturnType<typeof toRunSummaryDto>;

export interface TriggerInput {
  workflowId: string;
  input: Record<string, unknown>;
  options: RunOptions;
  actor: Actor;
  /** Answer once the run completes, fails or pauses, or after this many ms. */
  waitMs?: number;
  /** False: the answer's steps leave their input snapshots out. */
  stepInputs?: boolean;
}

/**
 * Creates and starts a run; with `waitMs`, answers when it settles (or as it stands then).
 * The run row, its audit row and its `run_start` checkpoint are one transaction (the
 * store's group commit, shared with other runs' writes under load).
 */
export async function triggerRun(t: TriggerInput): Promise<RunDto> {
  const rt = runtime();
  const store = storage();
  const workflow = await store.workflows.head(t.workflowId);
  if (!workflow) throw notFound("workflow not found");
  // Null only if the workflow was deleted since its head was read.
  const stored = await store.versions.graph(workflow.id, workflow.version);
  if (!stored) throw notFound("workflow not found");
  const { graph, validation } = await checkedVersionAgainst(stored, secretNames);
  if (hasErrors(validation)) {
    throw new ApiError("invalid_graph", `the workflow's graph has ${validation.errors.length} error(s); fix them before running it`, { errors: validation.errors, warnings: validation.warnings });
  }
  const runId = newId();
  const now = Date.now();
  const waiter = t.waitMs ? waitForRun(rt.bus, runId, t.waitMs) : null;
  // A waiting caller's answer needs the run's steps: kept as they commit instead of read back.
  const watch = waiter && rt.role !== "web" ? rt.store.watch(runId) : null;
  const pending = pendingRun(runId, workflow.id, workflow.version, t, now);
  const { written, started } = rt.trigger(
    { id: runId, workflowId: workflow.id, workflowVersion: workflow.version, input: t.input, options: t.options, createdBy: triggerOf(t.actor), createdAt: now },
    { action: "run.trigger", actor: t.actor, targetType: "run", targetId: runId, details: { workflow_id: workflow.id, workflow_version: workflow.version }, at: new Date(now) },
    { run: pending, graph },
  );
  try {
    try {
      await written;
    } catch (err) {
      waiter?.cancel();
      throw err;
    }
    if (!waiter) return getRun({ id: runId, stepInputs: t.stepInputs, viewer: t.actor });
    // Driven here: a segment that ends with an error answers at once. (Driven by a worker: the run's own events answer.)
    void started.then((h) => h && waiter.also(h.done));
    await waiter.promise;
    const watched = watch?.read() ?? null;
    const known = watched && settledRow(pending, watched, workflow.name);
    return getRun({ id: runId, watched, known, stepInputs: t.stepInputs, viewer: t.actor });
  } finally {
    watch?.stop();
  }
}

/**
 * The run's row as the watch saw this store commit it — the trigger's row with every patch
 * since — once one of them settled it (completed, failed, or paused at a gate):
 * the answer then needs no read. Null while the run is still going (a wait that timed out),
 * where another process may have taken it over unseen.
 */
function settledRow(pending: RunRecord, watched: WatchedRun, workflowName: string): KnownRun | null {
  const run: RunRecord = { ...pending, ...watched.run };
  return SETTLED_STATUSES.has(run.status) ? { run, workflow_name: workflowName } : null;
}

/** A run's row and its workflow's name, as an answer shows them. */
type KnownRun = Pick<RunWithWorkflow, "run" | "workflow_name">;

/** The run as `insertRun` writes it. */
function pendingRun(id: string, workflowId: string, version: number, t: TriggerInput, now: number): RunRecord {
  return {
    id, workflow_id: workflowId, workflow_version: version, status: "pending", input: t.input, options: t.options, output: null,
    cost_micros: 0, tokens_in: 0, tokens_out: 0, node_executions: 0, duration_ms: null, error_message: null, pending_gate: null,
    created_at: now, started_at: null, finished_at: null, triggered_by: triggerOf(t.actor),
  };
}

/** The actor of a trigger as the run keeps it. */
function triggerOf(actor: Actor): RunTrigger {
  return { type: actor.type, id: actor.id, name: actor.name, ...(actor.ownerId ? { owner_id: actor.ownerId } : {}) };
}

/**
 * The most step-input JSON one answer carries (an estimate from the stored checkpoints,
 * see `estimateMaterializedSizes`). Each input is a full state snapshot, so a long run whose
 * state grows with it has inputs quadratic in its length: 2,000 steps of a chain that keeps
 * every reply add up to 200 MB, and building that answer stalled the server for seconds.
 */
export const RUN_ANSWER_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The run whole, with its steps (inputs materialized once per checkpoint) and spend.
 * `stepInputs: false` leaves the step inputs out (`input: null`): each is a full state
 * snapshot, so for runs of thousands of steps they dominate the answer's size. Inputs that
 * would add up to more than {@link RUN_ANSWER_LIMIT_BYTES} are refused (`oversized:
 * "fail"`, a read: 422 naming the way round) or left out with `step_inputs_omitted: true`
 * (`"omit"`, the answer to a command that has already happened). `watched` (what a waiting
 * trigger's watch read, see `SqliteRunStore.watch`; null when it was no longer current)
 * supplies the steps and checkpoint states this thread's store committed, used instead of
 * reading them back; `known`, the run's row as committed, instead of reading it.
 */
export async function getRun({
  id,
  stepInputs: withInputs = true,
  oversized = "omit",
  watched,
  known,
  viewer,
}: {
  id: string;
  stepInputs?: boolean | undefined;
  oversized?: "fail" | "omit";
  watched?: WatchedRun | null;
  known?: KnownRun | null;
  /** Who asks: the pending gate then says whether they may decide it (`may_decide`, `decide_refusal`). */
  viewer?: Actor;
}): Promise<RunDto> {
  const reads = runReads();
  const [found, back] = known ? [known, null] : await readRunBack(id, watched ? null : withInputs ? "with inputs" : "steps");
  if (!found) throw notFound("run not found");
  const steps = watched?.steps ?? back?.steps ?? (await reads.listSteps(id));
  let inputs = new Map<number, Record<string, unknown>>();
  let omitted = false;
  if (withInputs && steps.length > 0) {
    const bytes = await inputBytes(id, steps, watched?.states, back?.sizes);
    if (bytes > RUN_ANSWER_LIMIT_BYTES) {
      if (oversized === "fail") throw tooLarge("step inputs", bytes, `ask with ?step_inputs=false and read a step's input at /api/runs/${id}/steps/{step_id}`);
      omitted = true;
    } else inputs = await stepInputs(id, steps, watched?.states, back?.states);
  }
  const dto = toRunDto(found.run, found.workflow_name, steps, (s) => inputs.get(s.input_checkpoint) ?? null);
  const access = viewer ? gateAccess(found.run, viewer) : null;
  if (access && dto.pending_gate) dto.pending_gate = { ...dto.pending_gate, ...access };
  return omitted ? { ...dto, step_inputs_omitted: true } : dto;
}

/**
 * The run, and what of it an answer reads back: nothing (a watch has it), its steps, or its
 * steps with the checkpoints' sizes and, under the answer's limit, their states — the run and
 * all of those in one round trip.
 */
async function readRunBack(id: string, what: "steps" | "with inputs" | null): Promise<[RunWithWorkflow | null, { steps: StepRecord[]; sizes?: CheckpointSize[]; states?: Map<number, State> } | null]> {
  if (what === "with inputs") {
    const { found, ...back } = await runReads().readBack(id, RUN_ANSWER_LIMIT_BYTES);
    return [found, back];
  }
  return Promise.all([storage().runs.findWithWorkflow(id), what === "steps" ? runReads().listSteps(id).then((steps) => ({ steps })) : null]);
}

/** An upper bound on the JSON of the steps' distinct input states, from stored sizes only (`stored`: already read). */
async function inputBytes(runId: string, steps: StepRecord[], committed?: readonly EncodedState[], stored?: readonly CheckpointSize[]): Promise<number> {
  const sizes = committed ? estimateMaterializedSizes(committed, (r) => r.state.length) : estimateMaterializedSizes(stored ?? (await runReads().checkpointSizes(runId)), (r) => r.state_bytes);
  let total = 0;
  for (const seq of new Set(steps.map((s) => s.input_checkpoint))) total += sizes.get(seq) ?? 0;
  return total;
}

/** The 422 for an answer over {@link RUN_ANSWER_LIMIT_BYTES}, naming the lean request that gets the rest. */
function tooLarge(what: string, bytes: number, leanRequest: string): ApiError {
  const mb = (n: number) => Math.round(n / 2 ** 20);
  return new ApiError("too_large", `this run's ${what} add up to about ${mb(bytes)} MB, more than one answer carries (${mb(RUN_ANSWER_LIMIT_BYTES)} MB): ${leanRequest}`, {
    estimated_bytes: bytes,
    limit_bytes: RUN_ANSWER_LIMIT_BYTES,
  });
}

/**
 * Public state per checkpoint seq the steps started from: the checkpoints' states
 * materialized in one pass, from the `committed` rows when given, else as `read` with the
 * steps, else read now.
 */
async function stepInputs(runId: string, steps: StepRecord[], committed?: readonly EncodedState[], read?: Map<number, State>): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  const states = (committed && materializeStates(committed)) ?? read ?? (await runReads().listCheckpointStates(runId));
  for (const { input_checkpoint: seq } of steps) {
    const state = states.get(seq);
    if (state && !out.has(seq)) out.set(seq, publicState(state));
  }
  return out;
}

/** The run row alone (404 when unknown). */
export async function requireRunRecord(id: string): Promise<RunRecord> {
  const found = await storage().runs.findWithWorkflow(id);
  if (!found) throw notFound("run not found");
  return found.run;
}

/** A run's pending gate for `viewer`: who decides, the approvals so far, and whether they may decide it now. */
export async function pendingGateFor({ id, viewer }: { id: string; viewer: Actor }): Promise<RunGateAnswer> {
  const run = await requireRunRecord(id);
  const gate = toGateDto(run.pending_gate);
  const access = gateAccess(run, viewer);
  return { run_id: run.id, status: run.status, pending_gate: gate && access ? { ...gate, ...access } : null };
}

const listCursor = z.object({ created_at: z.string().max(100), id: z.string().max(100).refine(withoutNul, NUL_RULE) });

export interface RunListQuery {
  workflowId?: string;
  status?: RunStatus;
  triggeredBy?: string;
}

/** Runs newest first; `workflowId` must name a live workflow when given from its own route. */
export async function listRuns(query: RunListQuery, page: PageRequest): Promise<Page<RunSummaryDto>> {
  const after: RunListPosition | undefined = page.cursor ? decodeCursor(page.cursor, listCursor) : undefined;
  const rows = await storage().runs.list({ workflowId: query.workflowId, status: query.status, triggeredBy: query.triggeredBy, after, limit: page.limit + 1 });
  return toPage(rows, page.limit, (r) => toRunSummaryDto(r.run, r.workflow_name), (r) => ({ created_at: r.created_key, id: r.run.id }));
}

const checkpointDto = (cp: CheckpointRecord): CheckpointAnswer => ({
  seq: cp.seq, step_name: cp.step_name, created_at: isoTime(cp.created_at),
  completed: cp.completed, queue: cp.queue, state: publicState(cp.state),
});

/**
 * Time travel: every checkpoint of the run with its public state, or with `state: false`
 * only which they are (`seq, step_name, created_at`) — each state is a full snapshot and
 * `completed` grows with the run, so for a run of thousands of nodes the whole list is
 * tens of megabytes; {@link getRunCheckpoint} then reads the one a person opens.
 */
export async function listRunCheckpoints({ id, state = true }: { id: string; state?: boolean }): Promise<CheckpointListAnswer> {
  await requireRunRecord(id);
  if (!state) return { items: (await runReads().listCheckpointHeads(id)).map((cp) => ({ ...cp, created_at: isoTime(cp.created_at) })) };
  let bytes = 0;
  for (const b of estimateMaterializedSizes(await runReads().checkpointSizes(id), (r) => r.record_bytes).values()) bytes += b;
  if (bytes > RUN_ANSWER_LIMIT_BYTES) throw tooLarge("checkpoints", bytes, `list them with ?state=false and read one at /api/runs/${id}/checkpoints/{seq}`);
  return { items: (await runReads().listCheckpoints(id)).map(checkpointDto) };
}

/** One checkpoint whole (404 for an unknown run or seq). */
export async function getRunCheckpoint({ id, seq }: { id: string; seq: number }): Promise<CheckpointAnswer> {
  await requireRunRecord(id);
  const cp = await runReads().getCheckpoint(id, seq);
  if (!cp) throw notFound("checkpoint not found");
  return checkpointDto(cp);
}

/** One step whole, with the public state it started from as `input` (404 for an unknown run or step). */
export async function getRunStep({ id, stepId }: { id: string; stepId: string }): Promise<StepDto> {
  await requireRunRecord(id);
  const step = (await runReads().listSteps(id)).find((s) => s.id === stepId);
  if (!step) throw notFound("step not found");
  const cp = await runReads().getCheckpoint(id, step.input_checkpoint);
  return toStepDto(step, cp ? publicState(cp.state) : null);
}
