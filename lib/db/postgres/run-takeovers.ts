/**
 * Crash loops on PostgreSQL: the takeover count of lib/db/run-takeovers.ts (see there for the
 * why), with the same statements.
 */
import type pg from "pg";
import { bind, type Statement } from "./run-statements";

/** The highest seq among the run's settled steps (0 for none): what "progress" is measured by. */
const PROGRESS = "COALESCE((SELECT s.seq FROM steps s WHERE s.run_num = runs.num AND s.status IN ('completed', 'failed', 'skipped') ORDER BY s.seq DESC LIMIT 1), 0)";

const NOTE: Statement = {
  name: "switchyard_run_note_takeover",
  text: `UPDATE runs SET takeovers = CASE WHEN takeover_mark IS NOT DISTINCT FROM ${PROGRESS} THEN takeovers + 1 ELSE 1 END, takeover_mark = ${PROGRESS}
         WHERE id = $1 RETURNING takeovers`,
};
const IN_FLIGHT: Statement = {
  name: "switchyard_run_in_flight",
  text: "SELECT node_id FROM steps WHERE run_num = (SELECT num FROM runs WHERE id = $1) AND status IN ('running', 'pending') ORDER BY seq",
};
const CLEAR: Statement = { name: "switchyard_run_clear_takeovers", text: "UPDATE runs SET takeovers = 0, takeover_mark = NULL WHERE id = $1" };

/**
 * Count a takeover of the run from a dead process: the takeovers in a row without progress,
 * this one included (0 for an unknown run), and the nodes whose steps were in flight.
 */
export async function noteTakeover(pool: pg.Pool, runId: string): Promise<{ takeovers: number; in_flight: string[] }> {
  const noted = await pool.query<{ takeovers: number }>(bind(NOTE, [runId]));
  const takeovers = noted.rows[0]?.takeovers ?? 0;
  if (takeovers === 0) return { takeovers, in_flight: [] };
  const steps = await pool.query<{ node_id: string }>(bind(IN_FLIGHT, [runId]));
  return { takeovers, in_flight: steps.rows.map((r) => r.node_id) };
}

/** Start the run's count again (after it was failed for a crash loop: a resume by hand gets every try). */
export async function clearTakeovers(pool: pg.Pool, runId: string): Promise<void> {
  await pool.query(bind(CLEAR, [runId]));
}
