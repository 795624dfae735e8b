#!/usr/bin/env node
// `npm run worker`: a process that executes runs and serves no requests (lib/runtime/worker-process.ts).
// It needs the PostgreSQL database the web processes use (DATABASE_URL=postgres://…), migrated
// here if no other process has done it; start the web processes with SWITCHYARD_ROLE=web so
// they hand every run to the workers. SWITCHYARD_WORKER_CONCURRENCY bounds its runs at once.
import { spawn } from "node:child_process";
import path from "node:path";
import { databaseTarget, prepareDatabase, StartError } from "./prepare-database.mjs";
import { workerArgs } from "./worker-command.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const env = { ...process.env, SWITCHYARD_ROLE: "worker" };
try {
  const target = databaseTarget(env.DATABASE_URL ?? "file:./data/switchyard.db");
  if (target.backend !== "postgres") {
    throw new StartError("a worker process shares its database with the web processes: set DATABASE_URL=postgres://… (on SQLite, npm start executes runs itself)");
  }
  env.DATABASE_URL = target.url;
  for (const line of await prepareDatabase(target, env)) console.log(`switchyard: ${line}`);
} catch (err) {
  if (!(err instanceof StartError)) throw err;
  console.error(`switchyard: ${err.message}`);
  process.exit(1);
}

const worker = spawn(process.execPath, workerArgs(root), { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => worker.kill(sig));
worker.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
