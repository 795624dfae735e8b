/**
 * For tests: events notices sent as the run store sends them — after the COMMIT of a group
 * commit, and only if that committed (group-commit.ts). Notices submitted in one turn share a
 * commit, in submission order.
 */
import type pg from "pg";
import { PgGroupCommit } from "./group-commit";
import { eventsNotice, type CommittedEvents } from "./notices";

export interface TestNotice {
  runs: readonly CommittedEvents[];
  /** On the release before's channel too. */
  toEarlier?: boolean;
  /** A statement of the commit fails: it rolls back, and the notice is refused with it. */
  rollBack?: boolean;
}

export function testNotices(pool: pg.Pool): (notice: TestNotice) => Promise<void> {
  const group = new PgGroupCommit<TestNotice>(pool, {
    prelude: "",
    together: (notices) =>
      Promise.resolve({
        statements: notices.some((n) => n.rollBack) ? [{ text: "SELECT 1 / 0" }] : [],
        after: notices.map((n) => eventsNotice(n.runs, n.toEarlier ?? false)),
        outcomes: () => notices.map(() => ({ ok: true as const, value: null })),
      }),
    beforeAlone: () => Promise.resolve(),
    alone: (notice) => (notice.rollBack ? new Error("refused") : { statements: [], after: [eventsNotice(notice.runs, notice.toEarlier ?? false)], settle: () => null, refused: (e) => (e instanceof Error ? e : new Error(String(e))) }),
    committed() {},
    aborted() {},
  });
  return async (notice) => {
    await group.submit(notice);
  };
}
