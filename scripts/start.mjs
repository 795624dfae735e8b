#!/usr/bin/env node
// `npm start`: create and migrate the database on first start, then serve the built app.
// DATABASE_URL defaults to file:./data/switchyard.db; PORT to 3000; HOST to 127.0.0.1 (serving
// other machines is a choice made by setting HOST: the server speaks plain HTTP).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { databaseTarget, prepareDatabase, StartError } from "./prepare-database.mjs";
import { SERVER_NODE_OPTIONS } from "./server-node-options.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// NEXT_MANUAL_SIG_HANDLE: the server's own SIGTERM/SIGINT handler stops it, handing its runs
// back first (lib/runtime/host); Next.js's would exit before that.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" };
env.NODE_OPTIONS = [SERVER_NODE_OPTIONS, process.env.NODE_OPTIONS].filter(Boolean).join(" ");
const port = env.PORT ?? "3000";
const host = env.HOST || "127.0.0.1";
await ensurePortFree(Number(port), host);
let target;
try {
  target = databaseTarget(env.DATABASE_URL ?? "file:./data/switchyard.db");
  env.DATABASE_URL = target.url;
  checkRole(env.SWITCHYARD_ROLE, target.backend);
  for (const line of await prepareDatabase(target, env)) console.log(`switchyard: ${line}`);
} catch (err) {
  if (err instanceof StartError) fail(err.message);
  throw err;
}

if (["127.0.0.1", "localhost", "::1"].includes(host)) {
  console.log(`switchyard: serving this machine only, on ${host}:${port} (HOST=0.0.0.0 serves other machines too)`);
} else {
  console.warn(`switchyard: serving ${host}:${port} to other machines — every request needs a sign-in or an API key, but this server speaks plain HTTP: put a TLS proxy in front of it, or passwords, session cookies and keys cross the network readable`);
}

const server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "-H", host, "-p", port], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** `all` (default) or `web` (beside `npm run worker` processes, on PostgreSQL); lib/runtime/role.ts reads it in the app. */
function checkRole(value, backend) {
  const role = value?.trim().toLowerCase() || "all";
  if (role === "worker") throw new StartError("SWITCHYARD_ROLE=worker is a worker process: start it with npm run worker");
  if (role !== "all" && role !== "web") throw new StartError(`SWITCHYARD_ROLE must be all, web or worker (got "${value}")`);
  if (role === "web" && backend !== "postgres") throw new StartError("SWITCHYARD_ROLE=web hands every run to worker processes on a database they share: set DATABASE_URL=postgres://… (on SQLite, leave SWITCHYARD_ROLE unset)");
}

function fail(message) {
  console.error(`switchyard: ${message}`);
  process.exit(1);
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


