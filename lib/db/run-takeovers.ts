/**
 * Crash loops. Recovery resumes a run its process left running (SPEC §5), and the node that
 * was in flight runs again. If that node is what takes the server down, every restart would
 * resume it and go down again. So each time recovery takes a `running` run over from another
 * process that died driving it, the run counts a takeover; the count starts again whenever
 * the run settled a step since the takeover before. After `MAX_TAKEOVERS` (lib/runtime/recovery.ts) takeovers in
 * a row without progress recovery fails the run instead (lib/runtime/recovery.ts); a person
 * can still resume it, with the count cleared.
 *
 * A restart of the server (a deploy) while a node runs counts too, so the limit leaves room
 * for a few of those during one long node.
 */
import type Database from "better-sqlite3";
import { stmt } from "./statement-cache";


/** The highest seq among the run's settled steps (0 for none): what "progress" is measured by. */
const PROGRESS = `COALESCE((SELECT s.seq FROM steps s WHERE s.run_num = runs.num AND s.status IN ('completed', 'failed', 'skipped') ORDER BY s.seq DESC LIMIT 1), 0)`;

const NOTE = `UPDATE runs SET takeovers = CASE WHEN takeover_mark IS ${PROGRESS} THEN takeovers + 1 ELSE 1 END, takeover_mark = ${PROGRESS}
  WHERE id = ? RETURNING takeovers`;
const IN_FLIGHT = "SELECT node_id FROM steps WHERE run_num = (SELECT num FROM runs WHERE id = ?) AND status IN ('running', 'pending') ORDER BY seq";
const CLEAR = "UPDATE runs SET takeovers = 0, takeover_mark = NULL WHERE id = ?";

/**
 * Count a takeover of the run from a dead process: the takeovers in a row without progress,
 * this one included (0 for an unknown run), and the nodes whose steps were in flight.
 */
export function noteTakeover(conn: Database.Database, runId: string): { takeovers: number; in_flight: string[] } {
  const takeovers = (stmt(conn, NOTE).pluck().get(runId) as number | undefined) ?? 0;
  return { takeovers, in_flight: takeovers > 0 ? (stmt(conn, IN_FLIGHT).pluck().all(runId) as string[]) : [] };
}

/** Start the run's count again (after it was failed for a crash loop: a resume by hand gets every try). */
export function clearTakeovers(conn: Database.Database, runId: string): void {
  stmt(conn, CLEAR).run(runId);
}
