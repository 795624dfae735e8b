-- Spend per hour, kept as runs settle, so the spend dashboard reads a few rows per hour
-- instead of every run and step of its period. A run's contribution is folded in once it
-- is completed or failed (`spend_folded` = 1); the report adds the runs not yet folded
-- (found through a partial index) from their own rows, so it is exact at any moment.
-- dim 'w': the run's totals (key ''); 'm': its agent steps per model; 'n': per node.
-- hour: the first 13 characters of the run's created_at ("2026-12-02T09").

ALTER TABLE "runs" ADD COLUMN "spend_folded" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "runs_spend_unfolded_idx" ON "runs"("num") WHERE "spend_folded" = 0;

CREATE TABLE "spend_rollup" (
    "hour" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "dim" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "cost_micros" INTEGER NOT NULL DEFAULT 0,
    "tokens_in" INTEGER NOT NULL DEFAULT 0,
    "tokens_out" INTEGER NOT NULL DEFAULT 0,
    "steps" INTEGER NOT NULL DEFAULT 0,
    "runs" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("hour", "workflow_id", "dim", "key")
);

-- A failed run that is resumed leaves the rollup: its contribution (its row before the
-- update, its steps as they stand) is subtracted and the report reads it live again.
CREATE TRIGGER "runs_spend_unfold" AFTER UPDATE OF "status" ON "runs"
WHEN OLD."spend_folded" = 1 AND NEW."status" NOT IN ('completed', 'failed')
BEGIN
    INSERT INTO "spend_rollup" ("hour", "workflow_id", "dim", "key", "cost_micros", "tokens_in", "tokens_out", "steps", "runs")
        SELECT substr(OLD."created_at", 1, 13), OLD."workflow_id", 'w', '', -OLD."cost_micros", -OLD."tokens_in", -OLD."tokens_out", -OLD."node_executions", -1 WHERE true
        ON CONFLICT DO UPDATE SET "cost_micros" = "cost_micros" + excluded."cost_micros", "tokens_in" = "tokens_in" + excluded."tokens_in",
            "tokens_out" = "tokens_out" + excluded."tokens_out", "steps" = "steps" + excluded."steps", "runs" = "runs" + excluded."runs";
    INSERT INTO "spend_rollup" ("hour", "workflow_id", "dim", "key", "cost_micros", "tokens_in", "tokens_out", "steps", "runs")
        SELECT substr(OLD."created_at", 1, 13), OLD."workflow_id", 'm', "model", -SUM("cost_micros"), -SUM("tokens_in"), -SUM("tokens_out"), -COUNT(*), -1
        FROM "steps" WHERE "run_num" = OLD."num" AND "model" IS NOT NULL GROUP BY "model"
        ON CONFLICT DO UPDATE SET "cost_micros" = "cost_micros" + excluded."cost_micros", "tokens_in" = "tokens_in" + excluded."tokens_in",
            "tokens_out" = "tokens_out" + excluded."tokens_out", "steps" = "steps" + excluded."steps", "runs" = "runs" + excluded."runs";
    INSERT INTO "spend_rollup" ("hour", "workflow_id", "dim", "key", "cost_micros", "tokens_in", "tokens_out", "steps", "runs")
        SELECT substr(OLD."created_at", 1, 13), OLD."workflow_id", 'n', "node_id", -SUM("cost_micros"), -SUM("tokens_in"), -SUM("tokens_out"), -COUNT(*), -1
        FROM "steps" WHERE "run_num" = OLD."num" AND "model" IS NOT NULL GROUP BY "node_id"
        ON CONFLICT DO UPDATE SET "cost_micros" = "cost_micros" + excluded."cost_micros", "tokens_in" = "tokens_in" + excluded."tokens_in",
            "tokens_out" = "tokens_out" + excluded."tokens_out", "steps" = "steps" + excluded."steps", "runs" = "runs" + excluded."runs";
    UPDATE "runs" SET "spend_folded" = 0 WHERE "num" = OLD."num";
END;
