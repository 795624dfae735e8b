-- Versions say who saved them by name, may carry the saver's note, and mark saves that only moved nodes.
ALTER TABLE "workflow_versions" ADD COLUMN "created_by_name" TEXT;
ALTER TABLE "workflow_versions" ADD COLUMN "note" TEXT;
ALTER TABLE "workflow_versions" ADD COLUMN "layout_only" BOOLEAN NOT NULL DEFAULT false;
