/**
 * `npm run backup [-- <file>]`: a consistent copy of the database while the server runs.
 *
 * SQLite's `VACUUM INTO` writes the database as one read transaction sees it — every
 * commit before it began, none after — into a new, compacted file; the server goes on
 * reading and writing meanwhile (WAL mode). Copying the file with `cp` instead can catch
 * it between the WAL and the database and yield a corrupt copy. The secrets key file
 * (`secret.key`, when the key is not given as SWITCHYARD_SECRET_KEY) is copied beside the
 * backup as `<file>.secret.key`: without it, stored secrets cannot be decrypted.
 *
 * To restore: stop the server, put the backup at the DATABASE_URL path (and the key file,
 * renamed `secret.key`, beside it), start it again.
 *
 * A PostgreSQL DATABASE_URL is refused, naming pg_dump and the key to keep with its dump.
 */
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "../lib/db/pragmas";
import { databaseStats } from "../lib/db/database-stats";
import { dataDir, databaseFile, databaseLocation } from "../lib/db/location";
import { KEY_FILE_NAME } from "../lib/secrets/key";

function fail(message: string): never {
  console.error(`switchyard backup: ${message}`);
  process.exit(1);
}

// The same .env* files Next.js and the Prisma CLI read (prisma.config.ts): the same DATABASE_URL.
loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
// A PostgreSQL database is its server's to copy (pg_dump); the secrets key stays this server's file.
if (databaseLocation().backend === "postgres") {
  const key = process.env.SWITCHYARD_SECRET_KEY?.trim() ? "SWITCHYARD_SECRET_KEY" : path.join(dataDir(), KEY_FILE_NAME);
  fail(`DATABASE_URL names a PostgreSQL database, and this command copies SQLite files: back it up with pg_dump (pg_dump --format=custom --file=switchyard.dump "$DATABASE_URL"), and keep the secrets key (${key}) with it`);
}
const source = databaseFile();
if (!existsSync(source)) fail(`no database at ${source} (set DATABASE_URL)`);

const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const target = path.resolve(process.cwd(), process.argv[2] ?? path.join("backups", `switchyard-${stamp}.db`));
if (existsSync(target)) fail(`${target} already exists; name another file`);
mkdirSync(path.dirname(target), { recursive: true });

const started = Date.now();
const db = new Database(source, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
try {
  db.prepare("VACUUM INTO ?").run(target);
} catch (err) {
  fail(`copying ${source} failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  db.close();
}

const copy = new Database(target, { readonly: true, fileMustExist: true });
let stats: ReturnType<typeof databaseStats>;
try {
  const check = copy.pragma("quick_check", { simple: true });
  if (check !== "ok") fail(`the copy at ${target} does not check out: ${String(check)}`);
  stats = databaseStats(copy);
} finally {
  copy.close();
}

const keyFile = path.join(path.dirname(source), KEY_FILE_NAME);
const keyCopy = existsSync(keyFile) ? `${target}.${KEY_FILE_NAME}` : null;
if (keyCopy) copyFileSync(keyFile, keyCopy);

console.log(
  JSON.stringify({
    backup: target,
    bytes: stats.bytes,
    workflows: stats.workflows,
    runs: stats.runs,
    audit_entries: stats.audit_entries,
    secret_key: keyCopy,
    took_ms: Date.now() - started,
  }),
);
