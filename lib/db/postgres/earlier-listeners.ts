/**
 * Whether a process of the release before listens for run notices (lib/db/postgres/notices.ts):
 * that release hears events on the control channel alone, so while one is connected (seen by
 * its listening connection's `application_name`) events go on both channels, and a rolling
 * upgrade never hides a run's events from it.
 *
 * The answer is synchronous — the run store asks it while planning a commit — and is the last
 * check's, refreshed in the background when older than `checkEveryMs`. Until the first check
 * answers, and after a check fails, the answer is yes: a notice too many costs a listener one
 * read of the events table, a notice too few hides events until the next one.
 */
import type pg from "pg";

/** The `application_name` of the release before's listening connections. */
export const EARLIER_LISTENER_NAME = "switchyard-notices";
/** How often a process looks for listeners of the release before. */
export const EARLIER_LISTENER_CHECK_MS = 5_000;

const EARLIER_LISTENERS = "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1) AS present";

export interface EarlierListeners {
  /** Whether events should also go on the control channel. */
  present(): boolean;
}

export function earlierListeners(pool: pg.Pool, checkEveryMs = EARLIER_LISTENER_CHECK_MS): EarlierListeners {
  let present = true;
  let checkedAt = -Infinity;
  let checking = false;
  const check = () => {
    checking = true;
    checkedAt = performance.now();
    pool
      .query<{ present: boolean }>(EARLIER_LISTENERS, [EARLIER_LISTENER_NAME])
      .then(
        (r) => (present = r.rows[0]?.present ?? false),
        (err: unknown) => {
          if (!pool.ended) console.error("run notices: looking for listeners of the release before failed", err);
          present = true;
        },
      )
      .finally(() => (checking = false));
  };
  return {
    present() {
      if (!checking && performance.now() - checkedAt >= checkEveryMs && !pool.ended) check();
      return present;
    },
  };
}
