import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";

/** Where Prisma keeps the committed migrations (scripts and tests run from the project root). */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

/**
 * Apply every committed `migration.sql`, in folder order, to a fresh database. This is what
 * `prisma migrate deploy` would do, without its bookkeeping table and in milliseconds, so
 * tests and benchmarks get exactly the production schema.
 */
export function applyMigrations(db: Database.Database, dir: string = MIGRATIONS_DIR): string[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) db.exec(readFileSync(path.join(dir, folder, "migration.sql"), "utf8"));
  return folders;
}
