#!/usr/bin/env node
// `npm run backup [-- <file>]`: a consistent copy of the database while the server runs.
//
// SQLite's `VACUUM INTO` writes the database as one read transaction sees it — every
// commit before it began, none after — into a new, compacted file; the server goes on
// reading and writing meanwhile (WAL mode). Copying the file with `cp` instead can catch
// it between the WAL and the database and yield a corrupt copy. The secrets key file
// (`secret.key`, when the key is not given as SWITCHYARD_SECRET_KEY) is copied beside the
// backup as `<file>.secret.key`: without it, stored secrets cannot be decrypted.
//
// To restore: stop the server, put the backup at the DATABASE_URL path (and the key file,
// renamed `secret.key`, beside it), start it again.
import Database from "better-sqlite3";
import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";

const fail = (message) => {
  console.error(`switchyard backup: ${message}`);
  process.exit(1);
};

const source = path.resolve(process.cwd(), (process.env.DATABASE_URL ?? "file:./data/switchyard.db").replace(/^file:/, ""));
if (!existsSync(source)) fail(`no database at ${source} (set DATABASE_URL)`);

const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const target = path.resolve(process.cwd(), process.argv[2] ?? path.join("backups", `switchyard-${stamp}.db`));
if (existsSync(target)) fail(`${target} already exists; name another file`);
mkdirSync(path.dirname(target), { recursive: true });

const started = Date.now();
const db = new Database(source, { readonly: true, fileMustExist: true });
try {
  // Waits for a writer's lock like the server's connections do, instead of failing at once.
  db.pragma("busy_timeout = 15000");
  db.prepare("VACUUM INTO ?").run(target);
} catch (err) {
  fail(`copying ${source} failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  db.close();
}

const copy = new Database(target, { readonly: true, fileMustExist: true });
let summary;
try {
  const check = copy.pragma("quick_check", { simple: true });
  if (check !== "ok") fail(`the copy at ${target} does not check out: ${check}`);
  const count = (table) => copy.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get();
  summary = { workflows: count("workflows"), runs: count("runs"), audit_entries: count("audit_entries") };
} finally {
  copy.close();
}

const keyFile = path.join(path.dirname(source), "secret.key");
let keyCopy = null;
if (existsSync(keyFile)) {
  keyCopy = `${target}.secret.key`;
  copyFileSync(keyFile, keyCopy);
}

console.log(
  JSON.stringify({
    backup: target,
    bytes: statSync(target).size,
    ...summary,
    secret_key: keyCopy,
    took_ms: Date.now() - started,
  }),
);
