/** Reads of runs for the API (lists, approvals, spend), as every backend answers them. */
import type { RunRecord, RunStatus } from "@/engine/ports";

/** A run with the name of its workflow (deleted workflows keep their name). */
export interface RunWithWorkflow {
  run: RunRecord;
  workflow_name: string;
  /** Keyset position: the stored `created_at` key. */
  created_key: string;
}

/** Keyset position in the newest-first run order. */
export interface RunListPosition {
  created_at: string;
  id: string;
}

export interface RunListFilter {
  workflowId?: string;
  status?: RunStatus;
  triggeredBy?: string;
  after?: RunListPosition;
  limit: number;
}

/** A paused run and since when its gate step has been waiting. */
export interface ApprovalRow extends RunWithWorkflow {
  /** Epoch ms the waiting gate step started (null if it cannot be found). */
  waiting_since: number | null;
}

export interface RunQueryStore {
  /** One run with its workflow's name, or null. */
  findWithWorkflow(id: string): Promise<RunWithWorkflow | null>;
  /** Runs newest first (all workflows, or one), optionally by status or trigger. */
  list(filter: RunListFilter): Promise<RunWithWorkflow[]>;
  /** Runs waiting at a gate, oldest waiting first. */
  approvals(a: { after?: RunListPosition; limit: number }): Promise<ApprovalRow[]>;
}

export interface SpendRow {
  key: string;
  label: string;
  workflow_id: string | null;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
  runs: number;
}

export interface SpendFilter {
  /** Epoch ms, on an hour boundary; runs created before it are left out. Null: all time. */
  since: number | null;
}

/** Spend per workflow, per model, per node (the 200 costliest) and per UTC day. */
export interface SpendReport {
  byWorkflow: SpendRow[];
  byModel: SpendRow[];
  byNode: SpendRow[];
  byDay: { day: string; cost_micros: number }[];
}

export interface SpendRunRow {
  run_id: string;
  workflow_id: string;
  workflow_name: string;
  status: RunStatus;
  created_at: string;
  cost_micros: number;
  tokens_in: number;
  tokens_out: number;
  steps: number;
}

export interface SpendStore {
  report(filter: SpendFilter): Promise<SpendReport>;
  /** The runs behind one figure, newest first (up to `limit`), with what each spent on it. */
  runs(filter: SpendFilter & { workflowId?: string; model?: string; nodeId?: string }, limit?: number): Promise<SpendRunRow[]>;
}
