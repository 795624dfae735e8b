-- DropIndex
DROP INDEX "steps_run_id_idempotency_key_idx";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_checkpoints" (
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

    PRIMARY KEY ("run_id", "seq"),
    CONSTRAINT "checkpoints_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_checkpoints" ("base_seq", "completed", "created_at", "encoding", "meta", "queue", "run_id", "seq", "state", "step_name") SELECT "base_seq", "completed", "created_at", "encoding", "meta", "queue", "run_id", "seq", "state", "step_name" FROM "checkpoints";
DROP TABLE "checkpoints";
ALTER TABLE "new_checkpoints" RENAME TO "checkpoints";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

