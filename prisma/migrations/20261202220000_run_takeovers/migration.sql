-- Crash loops: how many times in a row recovery took a running run over from a process that
-- died driving it without the run settling a step in between, and the step it had settled
-- last then (the highest seq of a settled step, 0 for none). See lib/db/run-takeovers.ts.
ALTER TABLE "runs" ADD COLUMN "takeovers" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "runs" ADD COLUMN "takeover_mark" INTEGER;
