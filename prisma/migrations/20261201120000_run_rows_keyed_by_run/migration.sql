-- A run's own rows (steps, checkpoints, events) are keyed by the run's number and their
-- seq, packed into the table's rowid: row_key = num * 2^32 + seq. A run's rows are then
-- contiguous, new runs append at the end of each B-tree, and no second index is needed:
-- settling a node writes 4 B-tree pages instead of 8 (see bench/README.md).

PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;

-- The run's number: its place in creation order (unique, never reused).
ALTER TABLE "runs" ADD COLUMN "num" INTEGER NOT NULL DEFAULT 0;
UPDATE "runs" SET "num" = rowid;
CREATE UNIQUE INDEX "runs_num_key" ON "runs"("num");

CREATE TABLE "new_steps" (
    "row_key" INTEGER NOT NULL PRIMARY KEY,
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
INSERT INTO "new_steps" ("row_key", "id", "run_id", "seq", "node_id", "node_type", "status", "input_checkpoint", "output", "error", "cost_micros", "tokens_in", "tokens_out", "model", "attempt", "idempotency_key", "started_at", "finished_at", "duration_ms") SELECT r."num" * 4294967296 + s."seq", s."id", s."run_id", s."seq", s."node_id", s."node_type", s."status", s."input_checkpoint", s."output", s."error", s."cost_micros", s."tokens_in", s."tokens_out", s."model", s."attempt", s."idempotency_key", s."started_at", s."finished_at", s."duration_ms" FROM "steps" s JOIN "runs" r ON r."id" = s."run_id";
DROP TABLE "steps";
ALTER TABLE "new_steps" RENAME TO "steps";

CREATE TABLE "new_checkpoints" (
    "row_key" INTEGER NOT NULL PRIMARY KEY,
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
INSERT INTO "new_checkpoints" ("row_key", "run_id", "seq", "step_name", "encoding", "base_seq", "state", "completed", "queue", "meta", "created_at") SELECT r."num" * 4294967296 + c."seq", c."run_id", c."seq", c."step_name", c."encoding", c."base_seq", c."state", c."completed", c."queue", c."meta", c."created_at" FROM "checkpoints" c JOIN "runs" r ON r."id" = c."run_id";
DROP TABLE "checkpoints";
ALTER TABLE "new_checkpoints" RENAME TO "checkpoints";

CREATE TABLE "new_run_events" (
    "row_key" INTEGER NOT NULL PRIMARY KEY,
    "run_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "run_events_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_run_events" ("row_key", "run_id", "seq", "type", "data", "created_at") SELECT r."num" * 4294967296 + e."seq", e."run_id", e."seq", e."type", e."data", e."created_at" FROM "run_events" e JOIN "runs" r ON r."id" = e."run_id";
DROP TABLE "run_events";
ALTER TABLE "new_run_events" RENAME TO "run_events";

PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
