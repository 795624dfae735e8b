-- Listing runs by status, newest first (the runs page's filter, the approvals inbox) walks
-- (status, created_at) and stops after a page, where it used to filter every run. The
-- orphan sweep, the one reader of (status, lease_expires_at), only looks at pending and
-- running runs, which the new index finds by its first column just as well; and no longer
-- indexing lease_expires_at spares every lease renewal an index write.
DROP INDEX "runs_status_lease_expires_at_idx";
CREATE INDEX "runs_status_created_at_idx" ON "runs"("status", "created_at");
