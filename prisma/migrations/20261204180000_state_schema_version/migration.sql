-- Every checkpoint says which snapshot format wrote it (engine/store/snapshot-schema.ts); every row stored so far is version 1.
ALTER TABLE "checkpoints" ADD COLUMN "state_schema_version" INTEGER NOT NULL DEFAULT 1;
