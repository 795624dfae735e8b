#!/usr/bin/env node
// `npm start`: create and migrate the database on first start, then serve the built app.
// DATABASE_URL defaults to file:./data/switchyard.db; PORT to 3000; HOST to 127.0.0.1 (serving
// other machines is a choice made by setting HOST: the server speaks plain HTTP).
import { spawnSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import Database from "better-sqlite3";
import { createServer } from "node:net";
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "./server-node-options.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// NEXT_MANUAL_SIG_HANDLE: the server's own SIGTERM/SIGINT handler stops it, handing its runs
// back first (lib/runtime/host); Next.js's would exit before that.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" };
env.NODE_OPTIONS = [SERVER_NODE_OPTIONS, process.env.NODE_OPTIONS].filter(Boolean).join(" ");
const port = env.PORT ?? "3000";
const host = env.HOST || "127.0.0.1";
await ensurePortFree(Number(port), host);
const dbFile = databaseFile(env.DATABASE_URL ?? "file:./data/switchyard.db");
env.DATABASE_URL = `file:${dbFile}`;
ensureWritable(dbFile);

const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Prisma's migrate needs the database to itself: against a file another server has open it
// fails, however current the schema. So it runs only when a migration is missing — a new
// database or an upgrade — and a second server on a current database simply starts.
// Its output (the CLI's banner and a warning about the schema's placeholder `url`, which the
// driver adapter replaces) is shown only when it fails.
const pending = pendingMigrations(dbFile);
if (pending.length > 0) {
  const migrate = spawnSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (migrate.status !== 0) {
    process.stderr.write(String(migrate.stdout ?? ""));
    process.stderr.write(String(migrate.stderr ?? ""));
    console.error(`switchyard: migrating ${dbFile} failed (if another Switchyard server uses this database, stop it first: migrations need it to themselves)`);
    process.exit(migrate.status ?? 1);
  }
  console.log(`switchyard: migrated ${dbFile} to ${pending.at(-1)}`);
}
console.log(`switchyard: database ready at ${dbFile}`);
if (["127.0.0.1", "localhost", "::1"].includes(host)) {
  console.log(`switchyard: serving this machine only, on ${host}:${port} (HOST=0.0.0.0 serves other machines too)`);
} else {
  console.warn(`switchyard: serving ${host}:${port} to other machines — every request needs a sign-in or an API key, but this server speaks plain HTTP: put a TLS proxy in front of it, or passwords, session cookies and keys cross the network readable`);
}

const server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "-H", host, "-p", port], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function fail(message) {
  console.error(`switchyard: ${message}`);
  process.exit(1);
}

/**
 * The SQLite file a DATABASE_URL names: `file:<path>` (relative to the project; a `?query`
 * is dropped) or a bare path. Any other scheme — `postgres://…` say — is refused, where it
 * would otherwise become a file of that name.
 */
function databaseFile(url) {
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1];
  if (scheme && scheme.toLowerCase() !== "file") fail(`DATABASE_URL must name a SQLite file (file:<path>); "${scheme}:" databases are not supported`);
  return path.resolve(root, url.replace(/^file:/i, "").replace(/\?.*$/, ""));
}

/** Stops, naming the port, when something already listens there (before any migration runs). */
async function ensurePortFree(portNumber, hostname) {
  const probe = createServer();
  const error = await new Promise((resolve) => {
    probe.once("error", resolve);
    probe.listen(portNumber, hostname, () => probe.close(() => resolve(null)));
  });
  if (error) fail(`cannot listen on ${hostname}:${portNumber}: ${error.code === "EADDRINUSE" ? "the port is in use (another server?); set PORT" : error.message}`);
}

/** Creates the database's directory and file if need be, and stops with the reason when it cannot. */
function ensureWritable(file) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (existsSync(file)) return;
    new Database(file).close();
  } catch (err) {
    fail(`cannot create the database at ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The migrations in prisma/migrations that the database has not applied (all of them for a new file). */
function pendingMigrations(file) {
  const dir = path.join(root, "prisma", "migrations");
  const all = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  if (!existsSync(file)) return all;
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    const applied = new Set(db.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL").pluck().all());
    return all.filter((name) => !applied.has(name));
  } catch (err) {
    if (err?.code === "SQLITE_NOTADB") fail(`${file} is not a SQLite database (DATABASE_URL names another kind of file)`);
    // No migrations table yet, or a file we cannot read: let Prisma decide and report.
    return all;
  } finally {
    db?.close();
  }
}
