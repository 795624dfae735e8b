import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDb } from "./support/db";
import { adminAuth, startServer, TEST_ADMIN_TOKEN, type TestServer } from "./support/server";

const ROOT = path.resolve(__dirname, "../..");
let live: TestServer;
let second: ChildProcess | undefined;

beforeAll(async () => {
  live = await startServer();
});
afterAll(async () => {
  second?.kill("SIGTERM");
  await live?.stop();
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** `npm start` (scripts/start.mjs) as a user runs it; resolves with its output once it serves or exits. */
function npmStart(dbFile: string, port: number, databaseUrl = `file:${dbFile}`, host: string | undefined = "127.0.0.1", untilExit = false): Promise<{ serving: boolean; output: string; code?: number | null }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: host, SWITCHYARD_BOOTSTRAP_TOKEN: TEST_ADMIN_TOKEN };
  if (host === undefined) delete env.HOST;
  const proc = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  second = proc;
  let output = "";
  proc.stdout?.on("data", (d) => (output += String(d)));
  proc.stderr?.on("data", (d) => (output += String(d)));
  return new Promise((resolve) => {
    const deadline = Date.now() + 30_000;
    const poll = setInterval(async () => {
      // On a port another server answers, only the exit tells (its health route would).
      const ok = !untilExit && (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false));
      if (ok || Date.now() > deadline) {
        clearInterval(poll);
        resolve({ serving: ok, output });
      }
    }, 200);
    proc.on("exit", (code) => {
      clearInterval(poll);
      resolve({ serving: false, output, code });
    });
  });
}

describe("npm start", () => {
  it("creates and migrates a new database on first start", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-start-"));
    try {
      const dbFile = path.join(dir, "nested", "switchyard.db");
      const port = await freePort();
      const started = await npmStart(dbFile, port, undefined, undefined); // HOST unset: the default
      expect(started.serving, started.output).toBe(true);
      // By default only this machine is served: another interface is refused.
      expect(started.output).toContain(`switchyard: serving this machine only, on 127.0.0.1:${port}`);
      const elsewhere = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;
      if (elsewhere) await expect(fetch(`http://${elsewhere}:${port}/api/health`)).rejects.toThrow();
      const migrations = readdirSync(path.join(ROOT, "prisma/migrations"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
      expect(started.output).toContain(`switchyard: migrated ${dbFile} to ${migrations.sort().at(-1)}\n`);
      expect(started.output).not.toContain("WARNING"); // the migrate CLI's chatter stays out of a start that works
      expect((await fetch(`http://127.0.0.1:${port}/api/workflows`, { headers: adminAuth() })).status).toBe(200);
      // A fresh install asks for its owner account, and refuses the API to anonymous callers.
      expect((await fetch(`http://127.0.0.1:${port}/api/workflows`)).status).toBe(401);
      const home = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
      expect([home.status, home.headers.get("location")]).toEqual([307, "/setup"]);
      second?.kill("SIGTERM");
      await new Promise((resolve) => second?.once("exit", resolve));
      const applied = withDb(dbFile, (conn) => conn.prepare("SELECT COUNT(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL").pluck().get());
      expect(applied).toBe(readdirSync(path.join(ROOT, "prisma/migrations"), { withFileTypes: true }).filter((d) => d.isDirectory()).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts a second server on a database another one is using, when its schema is current", async () => {
    const port = await freePort();
    const started = await npmStart(live.dbFile, port);
    expect(started.output).not.toMatch(/failed/);
    expect(started.serving).toBe(true);
    expect(started.output).toContain("database ready");
    // Both serve the same data.
    const created = await fetch(`${live.baseUrl}/api/workflows`, { method: "POST", headers: { ...adminAuth(), "content-type": "application/json" }, body: JSON.stringify({ name: "Shared" }) });
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`http://127.0.0.1:${port}/api/workflows/${id}`, { headers: adminAuth() })).status).toBe(200);
    // Stopped here: the next test starts servers of its own into `second`, and this one outlived the suite.
    second?.kill("SIGTERM");
    await new Promise((resolve) => second?.once("exit", resolve));
  });

  it("refuses a DATABASE_URL that names no database it serves, a server it cannot reach, a place it cannot create a file, and a port in use, saying which", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-start-"));
    try {
      const port = await freePort();
      const mysql = await npmStart("", port, "mysql://user@localhost/switchyard");
      expect(mysql.serving).toBe(false);
      expect(mysql.code).toBe(1);
      expect(mysql.output).toContain('DATABASE_URL must name a SQLite file (file:<path>) or a PostgreSQL server (postgres://…); "mysql:" databases are not supported');
      expect(readdirSync(ROOT).filter((name) => name.startsWith("mysql"))).toEqual([]);
      // A PostgreSQL server that does not answer (nothing listens on port 1), its password never printed.
      const unreachable = await npmStart("", port, "postgres://user:hunter2@127.0.0.1:1/switchyard");
      expect(unreachable.code).toBe(1);
      expect(unreachable.output).toContain("switchyard: cannot reach the PostgreSQL database postgres://user@127.0.0.1:1/switchyard");
      expect(unreachable.output).not.toContain("hunter2");

      // A path through a regular file can never be created (whoever runs the test).
      writeFileSync(path.join(dir, "plain-file"), "x");
      const blocked = path.join(dir, "plain-file", "db", "switchyard.db");
      const refused = await npmStart(blocked, port);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`switchyard: cannot create the database at ${blocked}`);
      expect(refused.output).not.toMatch(/\n\s+at /); // no stack trace

      // A file that is something else: named, left as it was.
      const notDb = path.join(dir, "notes.txt");
      writeFileSync(notDb, "meeting notes, not a database\n".repeat(10));
      const wrong = await npmStart(notDb, port);
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain(`switchyard: ${notDb} is not a SQLite database`);
      expect(readFileSync(notDb, "utf8")).toBe("meeting notes, not a database\n".repeat(10));

      // A port already served: said before anything else happens.
      const busyPort = Number(new URL(live.baseUrl).port);
      const fresh = path.join(dir, "never.db");
      const taken = await npmStart(fresh, busyPort, undefined, "127.0.0.1", true);
      expect(taken.code).toBe(1);
      expect(taken.output).toContain(`switchyard: cannot listen on 127.0.0.1:${busyPort}: the port is in use (another server?); set PORT`);
      expect(readdirSync(dir)).not.toContain("never.db");

      // A Prisma-style query string is not part of the file's name…
      const file = path.join(dir, "q.db");
      // …and serving other machines is said to be what it is.
      const started = await npmStart(file, port, `file:${file}?connection_limit=1`, "0.0.0.0");
      expect(started.serving, started.output).toBe(true);
      expect(started.output).toContain(`database ready at ${file}\n`);
      expect(started.output).toContain(`switchyard: serving 0.0.0.0:${port} to other machines — every request needs a sign-in or an API key, but this server speaks plain HTTP`);
      second?.kill("SIGTERM");
      await new Promise((resolve) => second?.once("exit", resolve));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
