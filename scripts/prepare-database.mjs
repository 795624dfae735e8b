// The database `npm start` and `npm run worker` serve, made ready before the app loads: a
// SQLite file created and migrated on first start, or a PostgreSQL database migrated. Plain
// Node (no TypeScript): it runs before anything is built. lib/db/location.ts applies the same
// DATABASE_URL rules in the app.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const POSTGRES_URL = /^postgres(ql)?:\/\//i;
/** Held while one process migrates a PostgreSQL database; others wait, then find nothing to do. */
const MIGRATE_LOCK = 727_274_839;

export class StartError extends Error {}

/** `{ backend, where, url }`: where DATABASE_URL points (`where` is safe to print: no password). */
export function databaseTarget(url = "file:./data/switchyard.db") {
  if (POSTGRES_URL.test(url.trim())) {
    const u = new URL(url.trim());
    u.password = "";
    return { backend: "postgres", where: u.toString(), url: url.trim() };
  }
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1];
  if (scheme && scheme.toLowerCase() !== "file") throw new StartError(`DATABASE_URL must name a SQLite file (file:<path>) or a PostgreSQL server (postgres://…); "${scheme}:" databases are not supported`);
  const file = path.resolve(root, url.replace(/^file:/i, "").replace(/\?.*$/, ""));
  return { backend: "sqlite", where: file, url: `file:${file}` };
}

/** Creates (SQLite) and migrates the database; returns the lines saying what was done. */
export async function prepareDatabase(target, env) {
  const pending = target.backend === "sqlite" ? prepareSqliteFile(target.where) : null;
  if (target.backend === "sqlite") return migrateWith(pending, target, env);
  const client = new pg.Client({ connectionString: target.url, application_name: "switchyard-start" });
  try {
    await client.connect();
  } catch (err) {
    throw new StartError(`cannot reach the PostgreSQL database ${target.where}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    // Processes started together migrate one at a time; the later ones find nothing pending.
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATE_LOCK]);
    return migrateWith(await pendingPostgres(client), target, env);
  } finally {
    await client.end().catch(() => {});
  }
}

function migrateWith(pending, target, env) {
  // Prisma's migrate needs a SQLite database to itself: against a file another server has
  // open it fails, however current the schema. So it runs only when a migration is missing.
  // Its output is shown only when it fails.
  const ready = `database ready at ${target.where}`;
  if (pending.length === 0) return [ready];
  const migrate = spawnSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env: { ...env, DATABASE_URL: target.url }, stdio: ["ignore", "pipe", "pipe"] });
  if (migrate.status !== 0) {
    process.stderr.write(String(migrate.stdout ?? ""));
    process.stderr.write(String(migrate.stderr ?? ""));
    const hint = target.backend === "sqlite" ? " (if another Switchyard server uses this database, stop it first: migrations need it to themselves)" : "";
    throw new StartError(`migrating ${target.where} failed${hint}`);
  }
  return [`migrated ${target.where} to ${pending.at(-1)}`, ready];
}

function migrationFolders(backend) {
  const dir = backend === "sqlite" ? path.join(root, "prisma", "migrations") : path.join(root, "prisma", "postgres", "migrations");
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** Creates the file's folder and file if need be; the migrations it has not applied (all of them for a new file). */
function prepareSqliteFile(file) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file)) new Database(file).close();
  } catch (err) {
    throw new StartError(`cannot create the database at ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const all = migrationFolders("sqlite");
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    const applied = new Set(db.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL").pluck().all());
    return all.filter((name) => !applied.has(name));
  } catch (err) {
    if (err?.code === "SQLITE_NOTADB") throw new StartError(`${file} is not a SQLite database (DATABASE_URL names another kind of file)`);
    // No migrations table yet, or a file we cannot read: let Prisma decide and report.
    return all;
  } finally {
    db?.close();
  }
}

async function pendingPostgres(client) {
  const all = migrationFolders("postgres");
  try {
    const { rows } = await client.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL");
    const applied = new Set(rows.map((r) => r.migration_name));
    return all.filter((name) => !applied.has(name));
  } catch (err) {
    // 42P01: no migrations table yet (a new database).
    if (err?.code === "42P01") return all;
    throw err;
  }
}
