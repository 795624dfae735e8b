-- Webhook triggers: one hook per workflow, its secret sealed (AES-256-GCM, bound to the hook id).
-- CreateTable
CREATE TABLE "hooks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workflow_id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret_ciphertext" BLOB NOT NULL,
    "secret_iv" BLOB NOT NULL,
    "secret_auth_tag" BLOB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rotated_at" DATETIME NOT NULL,
    "last_triggered_at" DATETIME,
    "created_by_id" TEXT NOT NULL,
    CONSTRAINT "hooks_workflow_id_fkey" FOREIGN KEY ("workflow_id") REFERENCES "workflows" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "hooks_workflow_id_key" ON "hooks"("workflow_id");

