-- A run's steps, checkpoints and events are appended in write order (the rowid SQLite
-- assigns: one past the highest) and found by a (run_num, seq) index. Keyed by run (the
-- 20261201120000 layout), the runs settling in one group commit each dirtied a leaf page
-- of their own in every table: a commit of 50 node writes wrote ~150 of them. In write
-- order they share each table's last pages, and the index entries (a few bytes each) of
-- the runs in flight share a few more.
-- Rows keep their row_key (and so their order); run_num is the run's number, which was
-- row_key / 2^32.

PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;

CREATE TABLE "new_steps" (
    "row_key" INTEGER NOT NULL PRIMARY KEY,
    "run_num" INTEGER NOT NULL,
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "node_id" TEXT NOT NULL,
    "node_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "input_checkpoint" INTEGER NOT NULL,
    "output" TEXT,
    "error" TEXT,
    "cost_micros" INTEGER NOT NULL DEFAULT 0,
    "tokens_in" INTEGER NOT NULL DEFAULT 0,
    "tokens_out" INTEGER NOT NULL DEFAULT 0,
    "model" TEXT,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "idempotency_key" TEXT NOT NULL,
    "started_at" DATETIME,
    "finished_at" DATETIME,
    "duration_ms" INTEGER,
    CONSTRAINT "steps_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_steps" ("row_key", "run_num", "id", "run_id", "seq", "node_id", "node_type", "status", "input_checkpoint", "output", "error", "cost_micros", "tokens_in", "tokens_out", "model", "attempt", "idempotency_key", "started_at", "finished_at", "duration_ms")
    SELECT "row_key", "row_key" / 4294967296, "id", "run_id", "seq", "node_id", "node_type", "status", "input_checkpoint", "output", "error", "cost_micros", "tokens_in", "tokens_out", "model", "attempt", "idempotency_key", "started_at", "finished_at", "duration_ms" FROM "steps" ORDER BY "row_key";
DROP TABLE "steps";
ALTER TABLE "new_steps" RENAME TO "steps";
CREATE UNIQUE INDEX "steps_run_num_seq_key" ON "steps"("run_num", "seq");

CREATE TABLE "new_checkpoints" (
    "row_key" INTEGER NOT NULL PRIMARY KEY,
    "run_num" INTEGER NOT NULL,
    "run_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "step_name" TEXT NOT NULL,
    "encoding" TEXT NOT NULL,
    "base_seq" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "completed" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "meta" TEXT NOT NULL DEFAULT '{}',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "checkpoints_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_checkpoints" ("row_key", "run_num", "run_id", "seq", "step_name", "encoding", "base_seq", "state", "completed", "queue", "meta", "created_at")
    SELECT "row_key", "row_key" / 4294967296, "run_id", "seq", "step_name", "encoding", "base_seq", "state", "completed", "queue", "meta", "created_at" FROM "checkpoints" ORDER BY "row_key";
DROP TABLE "checkpoints";
ALTER TABLE "new_checkpoints" RENAME TO "checkpoints";
CREATE UNIQUE INDEX "checkpoints_run_num_seq_key" ON "checkpoints"("run_num", "seq");

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
