/**
 * The run page's live model as pure functions: a run fetched once, then folded with its
 * Server-Sent Events. Events are applied in `seq` order and a replayed one (seq already
 * seen) is ignored, so a reconnect that replays overlaps never double-counts.
 */
import type { PendingGateView, RunDetail, RunSummary, StepView } from "@/lib/client/run-types";
import type { RunStatus, StepStatus } from "@/lib/client/types";
import type { RunEventData } from "@/lib/services/run-answers";

export interface LiveRun {
  run: RunSummary;
  /** Steps by id. */
  steps: Record<string, StepView>;
  /** Streamed model text per step id (live only; never replayed). */
  deltas: Record<string, string>;
  lastSeq: number;
  /** What the fetch said of the viewer and its pending gate (see {@link forViewer}): kept while the replay passes states without that gate. */
  viewer: ViewerOfGate | null;
}

type ViewerOfGate = Pick<PendingGateView, "node_id" | "may_decide" | "may_reject" | "decide_refusal">;

/** One event from the stream: its SSE `event:` name, `id:` (absent for deltas) and parsed data. */
/** One event of the run's stream as the page applies it: its name, sequence number and `data` (lib/services/run-answers.ts). */
export type RunEvent =
  | { type: "run.status"; seq: number; data: RunEventData<"run.status"> }
  | { type: "step.started" | "step.finished"; seq: number; data: RunEventData<"step.started"> }
  | { type: "gate.pending"; seq: number; data: RunEventData<"gate.pending"> }
  | { type: "step.delta"; seq?: undefined; data: RunEventData<"step.delta"> };

/** The state a freshly fetched run starts from. */
export function fromDetail(detail: RunDetail): LiveRun {
  const { steps, spend: _spend, ...run } = detail;
  const byId: Record<string, StepView> = {};
  for (const s of steps ?? []) byId[s.id] = s;
  const gate = detail.pending_gate;
  const viewer = gate && gate.may_decide !== undefined ? { node_id: gate.node_id, may_decide: gate.may_decide, may_reject: gate.may_reject, decide_refusal: gate.decide_refusal } : null;
  return { run, steps: byId, deltas: {}, lastSeq: 0, viewer };
}

/** A step as an event reports it, keeping the input already loaded (events carry none). */
function withStep(prev: StepView | undefined, step: StepView): StepView {
  return { ...prev, ...step, input: step.input ?? prev?.input };
}

/** Folds one event into the state; returns the same object when nothing changes. */
export function applyEvent(state: LiveRun, event: RunEvent): LiveRun {
  if (event.type === "step.delta") {
    const { step_id, text } = event.data;
    return { ...state, deltas: { ...state.deltas, [step_id]: (state.deltas[step_id] ?? "") + text } };
  }
  if (event.seq <= state.lastSeq) return state;
  const next = { ...state, lastSeq: event.seq };
  switch (event.type) {
    case "run.status": {
      const d = event.data;
      const finished = d.status === "completed" || d.status === "failed";
      return {
        ...next,
        run: {
          ...state.run,
          status: d.status,
          error_message: d.error_message,
          cost_usd: d.cost_usd,
          tokens_in: d.tokens_in,
          tokens_out: d.tokens_out,
          duration_ms: d.duration_ms,
          pending_gate: forViewer(state.viewer, d.pending_gate),
          started_at: state.run.started_at ?? (d.status === "running" ? (d.at ?? null) : null),
          finished_at: finished ? (d.at ?? state.run.finished_at) : null,
        },
      };
    }
    case "step.started":
    case "step.finished": {
      const step = event.data.step;
      return { ...next, steps: { ...state.steps, [step.id]: withStep(state.steps[step.id], step) } };
    }
    case "gate.pending":
      return { ...next, run: { ...state.run, pending_gate: forViewer(state.viewer, event.data.gate) } };
  }
}

/**
 * The gate an event reports, keeping what the fetch said of the viewer (`may_decide`,
 * `may_reject`, `decide_refusal`) when it is the same gate: events are the same for everyone
 * and carry none of it, and the page's form must not vanish, with what the reviewer typed,
 * while the replay that follows every load passes by (from the run's first event: through
 * its start, when it had no gate yet, to the gate again).
 */
function forViewer(known: ViewerOfGate | null, reported: PendingGateView | null): PendingGateView | null {
  if (!known || !reported || known.node_id !== reported.node_id || reported.may_decide !== undefined || known.may_decide === undefined) return reported;
  return { ...reported, may_decide: known.may_decide, may_reject: known.may_reject, decide_refusal: known.decide_refusal };
}

/**
 * Folds a batch of events in order, as {@link applyEvent} one by one would, but copying the
 * steps map and the streamed text map once for the batch instead of once per event: a
 * thousand steps settling together, each streaming its reply, otherwise cost millions of
 * property copies.
 */
export function applyEvents(state: LiveRun, events: readonly RunEvent[]): LiveRun {
  let next = state;
  let steps: Record<string, StepView> | null = null;
  let deltas: Record<string, string> | null = null;
  for (const event of events) {
    if (event.type === "step.delta") {
      deltas ??= { ...state.deltas };
      const { step_id, text } = event.data;
      deltas[step_id] = (deltas[step_id] ?? "") + text;
    } else if ((event.type === "step.started" || event.type === "step.finished") && event.seq > next.lastSeq) {
      steps ??= { ...state.steps };
      const step = event.data.step;
      steps[step.id] = withStep(steps[step.id], step);
      next = { ...next, lastSeq: event.seq };
    } else next = applyEvent(next, event);
  }
  if (steps) next = { ...next, steps };
  return deltas ? { ...next, deltas } : next;
}

/**
 * Copies step inputs (where the fetch has them) and the run's output (which events never
 * carry) from a fresh fetch, leaving the live statuses alone.
 */
export function mergeInputs(state: LiveRun, detail: RunDetail): LiveRun {
  const steps = { ...state.steps };
  for (const s of detail.steps ?? []) {
    const cur = steps[s.id];
    steps[s.id] = cur ? { ...cur, input: s.input === undefined ? cur.input : s.input, idempotency_key: cur.idempotency_key ?? s.idempotency_key } : s;
  }
  return { ...state, steps, run: { ...state.run, output: detail.output ?? state.run.output } };
}

/** One step's input, loaded when a person opens the step (`null` once loaded, if it has none). */
export function withStepInput(state: LiveRun, step: StepView): LiveRun {
  const cur = state.steps[step.id];
  if (!cur) return state;
  return { ...state, steps: { ...state.steps, [step.id]: { ...cur, input: step.input ?? null, idempotency_key: cur.idempotency_key ?? step.idempotency_key } } };
}

/** Steps in run order. */
export function orderedSteps(state: LiveRun): StepView[] {
  return Object.values(state.steps).sort((a, b) => a.seq - b.seq);
}

/** Sum of step costs in micro-USD precision, so the header equals the steps it lists. */
export function stepTotals(steps: readonly StepView[]): { cost_usd: number; tokens_in: number; tokens_out: number } {
  let micros = 0;
  let tin = 0;
  let tout = 0;
  for (const s of steps) {
    micros += Math.round((s.cost_usd ?? 0) * 1e6);
    tin += s.tokens_in ?? 0;
    tout += s.tokens_out ?? 0;
  }
  return { cost_usd: micros / 1e6, tokens_in: tin, tokens_out: tout };
}

/** Each node's status from its latest execution (highest seq), for colouring the canvas. */
export function nodeStatuses(steps: readonly StepView[]): Record<string, StepStatus> {
  const out: Record<string, { seq: number; status: StepStatus }> = {};
  for (const s of steps) if (!out[s.node_id] || out[s.node_id].seq < s.seq) out[s.node_id] = { seq: s.seq, status: s.status };
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.status]));
}

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** The round spans a live axis steps through: 1, 1.5, 2, 3, 4, 5, 6 and 8 times a power of ten (ms). */
const NICE = [1, 1.5, 2, 3, 4, 5, 6, 8, 10];

/** The smallest round span (ms) of at least `ms`. */
export function niceSpan(ms: number): number {
  if (!(ms > 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(ms));
  return p * NICE.find((f) => f * p >= ms)!;
}

/** Steps between axis labels: 1, 2 and 5 times a power of ten (ms). */
const TICK_STEPS = [1, 2, 5, 10];

/**
 * Where the axis labels of a span (ms) go: round times from 0 (whole milliseconds), at most
 * five intervals of at least a fifth of the span each, so labels read "0 ms, 100 ms, 200 ms" rather than the
 * quarters of a settled run's exact 455 ms.
 */
export function axisTicks(span: number): number[] {
  if (!(span > 0)) return [0];
  // Whole milliseconds: the labels print whole milliseconds.
  const target = Math.max(1, span / 5);
  const p = 10 ** Math.floor(Math.log10(target));
  const step = p * TICK_STEPS.find((f) => f * p >= target)!;
  const ticks: number[] = [];
  for (let i = 0; i * step <= span; i++) ticks.push(i * step);
  return ticks;
}

/**
 * The shared time axis of the Gantt: from the first start to the last finish. While the run is
 * live the axis ends at the next round span past "now" (see `niceSpan`): the bars grow into it
 * and it rescales only when they reach its end, so a tick of the clock moves running rows and
 * not every settled one.
 */
export function timeAxis(run: RunSummary, steps: readonly StepView[], now: number): { start: number; end: number } {
  const starts = steps.map((s) => ms(s.started_at)).filter(Number.isFinite);
  const start = Math.min(ms(run.started_at) || Infinity, ...starts);
  if (!Number.isFinite(start)) return { start: now, end: now + 1 };
  const live = run.status === "running" || run.status === "pending" || steps.some((s) => s.status === "running");
  const ends = steps.map((s) => ms(s.finished_at)).filter(Number.isFinite);
  if (live) return { start, end: start + niceSpan(Math.max(now, ...ends) - start) };
  const end = Math.max(ms(run.finished_at) || 0, ...ends, start + 1);
  return { start, end: Math.max(end, start + 1) };
}

/**
 * A step's bar in milliseconds from the axis start: where it begins and how long it is. The
 * timeline scales both by the axis span in CSS, so a live axis that grows every tick moves no
 * settled row through React.
 */
export function barOf(step: StepView, axisStart: number, now: number): { offset: number; length: number } | null {
  const s = ms(step.started_at);
  if (!Number.isFinite(s)) return null;
  const f = ms(step.finished_at);
  const e = Number.isFinite(f) ? f : growsWithClock(step) ? now : s;
  return { offset: Math.max(0, s - axisStart), length: Math.max(0, e - s) };
}

/** Whether a step's bar and duration still grow with the clock. */
export function growsWithClock(step: StepView): boolean {
  return !step.finished_at && (step.status === "running" || step.status === "waiting");
}

/** Whether the run can still change (its stream stays open). */
export function isLive(status: RunStatus): boolean {
  return status === "pending" || status === "running" || status === "paused";
}
