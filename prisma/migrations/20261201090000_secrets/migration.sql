-- CreateTable
CREATE TABLE "secrets" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "ciphertext" BLOB NOT NULL,
    "iv" BLOB NOT NULL,
    "auth_tag" BLOB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

