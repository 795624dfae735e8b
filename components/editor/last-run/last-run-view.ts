/**
 * What the editor shows of a workflow's last run, as pure functions over its steps: each
 * node's latest step (a loop runs a node more than once) and the word its badge says.
 */
import type { StepView } from "@/lib/client/run-types";
import type { StepStatus } from "@/lib/client/types";

/** The word on a node's badge: a step waiting at a gate is the run's "paused". */
const BADGE_WORD: Record<StepStatus, string> = {
  pending: "pending",
  running: "running",
  waiting: "paused",
  completed: "completed",
  failed: "failed",
  skipped: "skipped",
};

export function badgeWord(status: StepStatus): string {
  return BADGE_WORD[status] ?? status;
}

/** Each node's latest step (highest seq) of the run. */
export function latestStepByNode(steps: Readonly<Record<string, StepView>>): Record<string, StepView> {
  const out: Record<string, StepView> = {};
  for (const s of Object.values(steps)) if (!out[s.node_id] || out[s.node_id].seq < s.seq) out[s.node_id] = s;
  return out;
}

/** Nodes by their badge word, e.g. `{ completed: 3, failed: 1 }`, for the panel's summary. */
export function badgeCounts(latest: Readonly<Record<string, StepView>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of Object.values(latest)) out[badgeWord(s.status)] = (out[badgeWord(s.status)] ?? 0) + 1;
  return out;
}
