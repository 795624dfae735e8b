/**
 * Seeds and looks for the contract, in SQL every backend runs as written (see
 * {@link ContractSql}): runs, steps, checkpoints, events and sessions, which no storage
 * port writes.
 */
import { storedGraphSchema, type Graph } from "@/engine/graph/schema";
import { sqlTime } from "../timestamps";
import type { ContractSql } from "./harness";

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** A graph as stores answer it (parsed with the stored-graph schema). */
export function graphOf(nodes: { id: string; label?: string }[], edges: [string, string][] = []): Graph {
  return storedGraphSchema.parse({
    nodes: nodes.map((n, i) => ({ id: n.id, type: "agent", position: { x: i * 100, y: 0 }, config: { model: "mock", ...(n.label === undefined ? {} : { label: n.label }) } })),
    edges: edges.map(([source, target]) => ({ id: `${source}-${target}`, source, target })),
  });
}

export interface RunSeed {
  num: number;
  workflowId: string;
  status: string;
  createdAt: number;
  finishedAt?: number | null;
  startedAt?: number | null;
  cost?: number;
  tokensIn?: number;
  tokensOut?: number;
  nodeExecutions?: number;
  pendingGate?: Record<string, unknown> | null;
  createdBy?: { id: string; type: string; name: string; owner?: string };
  /** Default `r<num>`. */
  id?: string;
  spendFolded?: boolean;
}

export const runId = (r: Pick<RunSeed, "num" | "id">) => r.id ?? `r${r.num}`;

export async function seedRun(sql: ContractSql, r: RunSeed): Promise<void> {
  const by = r.createdBy ?? { id: "u1", type: "user", name: "Ada" };
  await sql.run(
    `INSERT INTO runs (id, workflow_id, workflow_version, status, input, options, created_at, started_at, finished_at, num, cost_micros, tokens_in, tokens_out,
                       node_executions, pending_gate, created_by, created_by_type, created_by_name, created_by_owner, spend_folded)
     VALUES (?, ?, 1, ?, '{"q":1}', '{}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      runId(r), r.workflowId, r.status, sqlTime(r.createdAt), r.startedAt == null ? null : sqlTime(r.startedAt), r.finishedAt == null ? null : sqlTime(r.finishedAt),
      r.num, r.cost ?? 0, r.tokensIn ?? 0, r.tokensOut ?? 0, r.nodeExecutions ?? 0, r.pendingGate ? JSON.stringify(r.pendingGate) : null,
      by.id, by.type, by.name, by.owner ?? null, r.spendFolded ? 1 : 0,
    ],
  );
}

export interface StepSeed {
  seq: number;
  nodeId: string;
  model: string | null;
  cost?: number;
  tokensIn?: number;
  tokensOut?: number;
  status?: string;
  startedAt?: number | null;
}

export async function seedStep(sql: ContractSql, run: Pick<RunSeed, "num" | "id">, s: StepSeed): Promise<void> {
  await sql.run(
    `INSERT INTO steps (run_num, id, run_id, seq, node_id, node_type, status, input_checkpoint, cost_micros, tokens_in, tokens_out, model, idempotency_key, started_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    [
      run.num, `${runId(run)}-s${s.seq}`, runId(run), s.seq, s.nodeId, s.model ? "agent" : "tool", s.status ?? "completed",
      s.cost ?? 0, s.tokensIn ?? 0, s.tokensOut ?? 0, s.model, `${runId(run)}-k${s.seq}`, s.startedAt == null ? null : sqlTime(s.startedAt),
    ],
  );
}

/** Two checkpoints and three events of a run (what retention deletes with it). */
export async function seedHistory(sql: ContractSql, run: Pick<RunSeed, "num" | "id">): Promise<void> {
  for (const seq of [0, 1]) {
    await sql.run("INSERT INTO checkpoints (run_num, run_id, seq, step_name, encoding, base_seq, state, completed, queue) VALUES (?, ?, ?, 'x', 'full', 0, '{}', '[]', '[]')", [run.num, runId(run), seq]);
  }
  for (const seq of [1, 2, 3]) {
    await sql.run("INSERT INTO run_events (run_num, run_id, seq, type, data) VALUES (?, ?, ?, 'step.started', '{}')", [run.num, runId(run), seq]);
  }
}

/** A signed-in session of a user (better-auth writes these). */
export async function seedSession(sql: ContractSql, { id, userId, at }: { id: string; userId: string; at: number }): Promise<void> {
  await sql.run("INSERT INTO sessions (id, token, user_id, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)", [id, `token-${id}`, userId, sqlTime(at + DAY_MS), sqlTime(at), sqlTime(at)]);
}

/** How many rows of each table a run has. */
export async function rowsOf(sql: ContractSql, run: Pick<RunSeed, "num" | "id">) {
  const count = async (table: string) => (await sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE run_num = ?`, [run.num]))[0].n;
  const runs = (await sql.all<{ n: number }>("SELECT COUNT(*) AS n FROM runs WHERE num = ?", [run.num]))[0].n;
  return { run: runs, steps: await count("steps"), checkpoints: await count("checkpoints"), events: await count("run_events") };
}

export async function countOf(sql: ContractSql, table: string, where = "", params: readonly unknown[] = []): Promise<number> {
  return (await sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} ${where}`, params))[0].n;
}
