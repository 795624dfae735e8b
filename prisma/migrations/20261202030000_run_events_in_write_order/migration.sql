-- A run's events are appended in write order (the rowid SQLite assigns: one past the
-- highest) and found by the (run_num, seq) index. Keyed by run, the events of the runs
-- settling together each dirtied a leaf page of their own: a group commit of 50 node
-- writes wrote ~50 event pages. In write order they share the last few pages, and the
-- index entries (a few bytes each) of the runs in flight share a few more.
-- Rows keep their row_key (and so their order); run_num is the run's number (see
-- 20261201120000_run_rows_keyed_by_run, where it was row_key / 2^32).

PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;

CREATE TABLE "new_run_events" (
    "row_key" INTEGER NOT NULL PRIMARY KEY,
    "run_num" INTEGER NOT NULL,
    "run_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "run_events_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_run_events" ("row_key", "run_num", "run_id", "seq", "type", "data", "created_at")
    SELECT "row_key", "row_key" / 4294967296, "run_id", "seq", "type", "data", "created_at" FROM "run_events" ORDER BY "row_key";
DROP TABLE "run_events";
ALTER TABLE "new_run_events" RENAME TO "run_events";
CREATE UNIQUE INDEX "run_events_run_num_seq_key" ON "run_events"("run_num", "seq");

PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
