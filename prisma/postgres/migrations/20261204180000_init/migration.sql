-- Switchyard on PostgreSQL: exactly the schema a SQLite database has after every migration in
-- prisma/migrations up to and including 20261204180000_state_schema_version (this folder is
-- named after it). Every later SQLite migration needs its PostgreSQL counterpart in this
-- folder, named like it: lib/db/postgres/schema-parity.test.ts fails until it has one.
--
-- Same tables, columns (in the same order), defaults, indexes (the partial one too), foreign
-- keys and trigger as SQLite, so SQL ports statement by statement. Types: DATETIME is
-- timestamptz(3), INTEGER is bigint where values can pass 2^31 (micro-USD, token totals,
-- durations in ms, row keys) and integer elsewhere, BOOLEAN is boolean, BLOB is bytea, and
-- TEXT stays text, JSON included (canonical JSON text is compared byte for byte and hashed
-- by the audit chain: never jsonb). row_key, the rowid in SQLite, comes from a sequence.
--
-- `prisma migrate deploy` applies this file through @prisma/adapter-pg, whose executeScript
-- splits it at every semicolon, wherever one stands, and runs the pieces one at a time
-- outside a transaction. So no comment or string literal here may hold a semicolon, and the
-- trigger function's body is an E'' string that spells each of its semicolons as \073
-- (a dollar-quoted body fails with "unterminated dollar-quoted string").

-- CreateTable
CREATE TABLE "workflows" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "graph" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "workflows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_versions" (
    "id" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "graph" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    "created_by_name" TEXT,
    "note" TEXT,
    "layout_only" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "workflow_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "workflow_version" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "options" TEXT NOT NULL DEFAULT '{}',
    "output" TEXT,
    "cost_micros" BIGINT NOT NULL DEFAULT 0,
    "tokens_in" BIGINT NOT NULL DEFAULT 0,
    "tokens_out" BIGINT NOT NULL DEFAULT 0,
    "node_executions" INTEGER NOT NULL DEFAULT 0,
    "duration_ms" BIGINT,
    "error_message" TEXT,
    "pending_gate" TEXT,
    "created_by" TEXT NOT NULL DEFAULT 'local',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "num" INTEGER NOT NULL DEFAULT 0,
    "spend_folded" INTEGER NOT NULL DEFAULT 0,
    "takeovers" INTEGER NOT NULL DEFAULT 0,
    "takeover_mark" INTEGER,
    "created_by_type" TEXT NOT NULL DEFAULT 'system',
    "created_by_name" TEXT NOT NULL DEFAULT 'Local user',
    "created_by_owner" TEXT,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "steps" (
    "row_key" BIGSERIAL NOT NULL,
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
    "cost_micros" BIGINT NOT NULL DEFAULT 0,
    "tokens_in" INTEGER NOT NULL DEFAULT 0,
    "tokens_out" INTEGER NOT NULL DEFAULT 0,
    "model" TEXT,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "idempotency_key" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "duration_ms" BIGINT,

    CONSTRAINT "steps_pkey" PRIMARY KEY ("row_key")
);

-- CreateTable
CREATE TABLE "checkpoints" (
    "row_key" BIGSERIAL NOT NULL,
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
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state_schema_version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "checkpoints_pkey" PRIMARY KEY ("row_key")
);

-- CreateTable
CREATE TABLE "run_events" (
    "row_key" BIGSERIAL NOT NULL,
    "run_num" INTEGER NOT NULL,
    "run_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_events_pkey" PRIMARY KEY ("row_key")
);

-- CreateTable
CREATE TABLE "audit_entries" (
    "seq" SERIAL NOT NULL,
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "actor_name" TEXT,
    "actor_type" TEXT,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "secrets" (
    "name" TEXT NOT NULL,
    "ciphertext" BYTEA NOT NULL,
    "iv" BYTEA NOT NULL,
    "auth_tag" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "secrets_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "spend_rollup" (
    "hour" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "dim" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "cost_micros" BIGINT NOT NULL DEFAULT 0,
    "tokens_in" BIGINT NOT NULL DEFAULT 0,
    "tokens_out" BIGINT NOT NULL DEFAULT 0,
    "steps" BIGINT NOT NULL DEFAULT 0,
    "runs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "spend_rollup_pkey" PRIMARY KEY ("hour","workflow_id","dim","key")
);

-- CreateTable
CREATE TABLE "spend_rollup_daily" (
    "day" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "dim" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "cost_micros" BIGINT NOT NULL DEFAULT 0,
    "tokens_in" BIGINT NOT NULL DEFAULT 0,
    "tokens_out" BIGINT NOT NULL DEFAULT 0,
    "steps" BIGINT NOT NULL DEFAULT 0,
    "runs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "spend_rollup_daily_pkey" PRIMARY KEY ("day","workflow_id","dim","key")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" TEXT NOT NULL DEFAULT 'viewer',
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "id_token" TEXT,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "refresh_token_expires_at" TIMESTAMPTZ(3),
    "scope" TEXT,
    "password" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verifications" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_by_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_failures" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hooks" (
    "id" TEXT NOT NULL,
    "workflow_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret_ciphertext" BYTEA NOT NULL,
    "secret_iv" BYTEA NOT NULL,
    "secret_auth_tag" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rotated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_triggered_at" TIMESTAMPTZ(3),
    "created_by_id" TEXT NOT NULL,

    CONSTRAINT "hooks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "workflows_deleted_at_updated_at_idx" ON "workflows"("deleted_at", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_versions_workflow_id_version_key" ON "workflow_versions"("workflow_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "runs_num_key" ON "runs"("num");

-- CreateIndex
CREATE INDEX "runs_workflow_id_created_at_idx" ON "runs"("workflow_id", "created_at");

-- CreateIndex
CREATE INDEX "runs_status_created_at_idx" ON "runs"("status", "created_at");

-- CreateIndex
CREATE INDEX "runs_created_at_idx" ON "runs"("created_at");

-- CreateIndex
CREATE INDEX "runs_created_by_created_at_idx" ON "runs"("created_by", "created_at");

-- The runs whose spend is not in spend_rollup yet (the spend folder's and the report's way in).
CREATE INDEX "runs_spend_unfolded_idx" ON "runs"("num") WHERE "spend_folded" = 0;

-- CreateIndex
CREATE UNIQUE INDEX "steps_run_num_seq_key" ON "steps"("run_num", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "checkpoints_run_num_seq_key" ON "checkpoints"("run_num", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "run_events_run_num_seq_key" ON "run_events"("run_num", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "audit_entries_id_key" ON "audit_entries"("id");

-- CreateIndex
CREATE INDEX "audit_entries_action_idx" ON "audit_entries"("action");

-- CreateIndex
CREATE INDEX "audit_entries_actor_id_idx" ON "audit_entries"("actor_id");

-- CreateIndex
CREATE INDEX "audit_entries_target_type_target_id_idx" ON "audit_entries"("target_type", "target_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions"("token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE INDEX "verifications_identifier_idx" ON "verifications"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "login_failures_key_at_idx" ON "login_failures"("key", "at");

-- CreateIndex
CREATE UNIQUE INDEX "hooks_workflow_id_key" ON "hooks"("workflow_id");

-- AddForeignKey
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "steps" ADD CONSTRAINT "steps_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkpoints" ADD CONSTRAINT "checkpoints_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hooks" ADD CONSTRAINT "hooks_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The spend-unfold trigger (SQLite: runs_spend_unfold). A failed run that is resumed leaves
-- the rollup: its contribution (its row before the update, its steps as they stand) is
-- subtracted and the report reads it live again. The hour is the first 13 characters of the
-- UTC created_at ("2026-12-02T09"), as SQLite's substr(created_at, 1, 13). Here it runs
-- BEFORE the update and clears NEW.spend_folded itself, where SQLite's AFTER trigger updates
-- the row a second time: the outcome is the same, with one row version fewer.
CREATE FUNCTION "runs_spend_unfold"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
    run_hour text := to_char(OLD."created_at" AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24'')\073
BEGIN
    INSERT INTO "spend_rollup" AS r ("hour", "workflow_id", "dim", "key", "cost_micros", "tokens_in", "tokens_out", "steps", "runs")
        VALUES (run_hour, OLD."workflow_id", ''w'', '''', -OLD."cost_micros", -OLD."tokens_in", -OLD."tokens_out", -OLD."node_executions", -1)
        ON CONFLICT ("hour", "workflow_id", "dim", "key") DO UPDATE SET "cost_micros" = r."cost_micros" + excluded."cost_micros",
            "tokens_in" = r."tokens_in" + excluded."tokens_in", "tokens_out" = r."tokens_out" + excluded."tokens_out",
            "steps" = r."steps" + excluded."steps", "runs" = r."runs" + excluded."runs"\073
    INSERT INTO "spend_rollup" AS r ("hour", "workflow_id", "dim", "key", "cost_micros", "tokens_in", "tokens_out", "steps", "runs")
        SELECT run_hour, OLD."workflow_id", ''m'', s."model", -SUM(s."cost_micros"), -SUM(s."tokens_in"), -SUM(s."tokens_out"), -COUNT(*), -1
        FROM "steps" s WHERE s."run_num" = OLD."num" AND s."model" IS NOT NULL GROUP BY s."model"
        ON CONFLICT ("hour", "workflow_id", "dim", "key") DO UPDATE SET "cost_micros" = r."cost_micros" + excluded."cost_micros",
            "tokens_in" = r."tokens_in" + excluded."tokens_in", "tokens_out" = r."tokens_out" + excluded."tokens_out",
            "steps" = r."steps" + excluded."steps", "runs" = r."runs" + excluded."runs"\073
    INSERT INTO "spend_rollup" AS r ("hour", "workflow_id", "dim", "key", "cost_micros", "tokens_in", "tokens_out", "steps", "runs")
        SELECT run_hour, OLD."workflow_id", ''n'', s."node_id", -SUM(s."cost_micros"), -SUM(s."tokens_in"), -SUM(s."tokens_out"), -COUNT(*), -1
        FROM "steps" s WHERE s."run_num" = OLD."num" AND s."model" IS NOT NULL GROUP BY s."node_id"
        ON CONFLICT ("hour", "workflow_id", "dim", "key") DO UPDATE SET "cost_micros" = r."cost_micros" + excluded."cost_micros",
            "tokens_in" = r."tokens_in" + excluded."tokens_in", "tokens_out" = r."tokens_out" + excluded."tokens_out",
            "steps" = r."steps" + excluded."steps", "runs" = r."runs" + excluded."runs"\073
    NEW."spend_folded" := 0\073
    RETURN NEW\073
END';

CREATE TRIGGER "runs_spend_unfold" BEFORE UPDATE OF "status" ON "runs"
    FOR EACH ROW WHEN (OLD."spend_folded" = 1 AND NEW."status" NOT IN ('completed', 'failed'))
    EXECUTE FUNCTION "runs_spend_unfold"();
