#!/usr/bin/env node
// `npm start`: create and migrate the database on first start, then serve the built app.
// DATABASE_URL defaults to file:./data/switchyard.db; PORT to 3000.
import { spawnSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "./server-node-options.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
env.NODE_OPTIONS = [SERVER_NODE_OPTIONS, process.env.NODE_OPTIONS].filter(Boolean).join(" ");
env.DATABASE_URL ??= "file:./data/switchyard.db";
const dbFile = path.resolve(root, env.DATABASE_URL.replace(/^file:/, ""));
env.DATABASE_URL = `file:${dbFile}`;
mkdirSync(path.dirname(dbFile), { recursive: true });

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const migrate = spawnSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
if (migrate.status !== 0) {
  process.stderr.write(String(migrate.stdout ?? ""));
  console.error(`switchyard: migrating ${dbFile} failed`);
  process.exit(migrate.status ?? 1);
}
console.log(`switchyard: database ready at ${dbFile}`);

const port = env.PORT ?? "3000";
const host = env.HOST ?? "0.0.0.0";
const server = spawn(bin("next"), ["start", "-H", host, "-p", port], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
