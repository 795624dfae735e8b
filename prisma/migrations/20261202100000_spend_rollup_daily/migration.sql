-- Spend rows older than yesterday are kept per day instead of per hour: a 30-day report of
-- 100 workflows with 10 agent nodes each read 864,000 hourly rows (1.1 s) and reads
-- 33,000 daily ones. The spend folder compacts the hourly rows of each past day into
-- spend_rollup_daily; 7- and 30-day periods start on a day, so they add whole days.
-- A resumed run whose hour was compacted leaves a negative hourly row (the unfold
-- trigger), which the next compaction merges into its day.
CREATE TABLE "spend_rollup_daily" (
    "day" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "dim" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "cost_micros" INTEGER NOT NULL DEFAULT 0,
    "tokens_in" INTEGER NOT NULL DEFAULT 0,
    "tokens_out" INTEGER NOT NULL DEFAULT 0,
    "steps" INTEGER NOT NULL DEFAULT 0,
    "runs" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("day", "workflow_id", "dim", "key")
);
