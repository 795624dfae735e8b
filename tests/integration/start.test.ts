import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "../../lib/db/postgres/test-database";
import { withDb } from "./support/db";
import { adminAuth, startServer, TEST_ADMIN_TOKEN, TEST_BACKEND, type TestServer } from "./support/server";

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

/** The migrations a new database of the test backend gets. */
function migrations(): string[] {
  const dir = path.join(ROOT, TEST_BACKEND === "postgres" ? "prisma/postgres/migrations" : "prisma/migrations");
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** An empty PostgreSQL database of its own (dropped by `close`), for a start on PostgreSQL. */
const emptyPostgres = (): Promise<PostgresTestDatabase> => createPostgresTestDatabase({ migrate: false });

interface Start {
  databaseUrl: string;
  port: number;
  /** HOST (default 127.0.0.1); given as undefined, it is left unset (the server's default). */
  host?: string | undefined;
  /** Wait for the exit rather than for the server to answer. */
  untilExit?: boolean;
  /** SWITCHYARD_DATA_DIR (where a PostgreSQL server keeps its secret.key); unset by default. */
  dataDir?: string;
}

/** `npm start` (scripts/start.mjs) as a user runs it; resolves with its output once it serves or exits. */
function npmStart(start: Start): Promise<{ serving: boolean; output: string; code?: number | null }> {
  const { databaseUrl, port, untilExit = false, dataDir } = start;
  const host = "host" in start ? start.host : "127.0.0.1";
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: host, SWITCHYARD_BOOTSTRAP_TOKEN: TEST_ADMIN_TOKEN, SWITCHYARD_DATA_DIR: dataDir };
  if (host === undefined) delete env.HOST;
  if (dataDir === undefined) delete env.SWITCHYARD_DATA_DIR;
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

async function stopSecond(): Promise<void> {
  second?.kill("SIGTERM");
  await new Promise((resolve) => second?.once("exit", resolve));
}

describe("npm start", () => {
  it("creates and migrates a new database on first start", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-start-"));
    // PostgreSQL: an empty database on the test server (npm start never creates one); SQLite: a file not there yet.
    const postgres = TEST_BACKEND === "postgres" ? await emptyPostgres() : undefined;
    try {
      const dbFile = path.join(dir, "nested", "switchyard.db");
      const databaseUrl = postgres?.url ?? `file:${dbFile}`;
      const port = await freePort();
      const started = await npmStart({ databaseUrl, port, host: undefined, dataDir: postgres ? dir : undefined }); // HOST unset: the default
      expect(started.serving, started.output).toBe(true);
      // By default only this machine is served: another interface is refused.
      expect(started.output).toContain(`switchyard: serving this machine only, on 127.0.0.1:${port}`);
      const elsewhere = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;
      if (elsewhere) await expect(fetch(`http://${elsewhere}:${port}/api/health`)).rejects.toThrow();
      expect(started.output).toContain(`switchyard: migrated ${postgres ? databaseUrl : dbFile} to ${migrations().at(-1)}\n`);
      expect(started.output).not.toContain("WARNING"); // the migrate CLI's chatter stays out of a start that works
      expect((await fetch(`http://127.0.0.1:${port}/api/workflows`, { headers: adminAuth() })).status).toBe(200);
      // A fresh install asks for its owner account, and refuses the API to anonymous callers.
      expect((await fetch(`http://127.0.0.1:${port}/api/workflows`)).status).toBe(401);
      const home = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
      expect([home.status, home.headers.get("location")]).toEqual([307, "/setup"]);
      await stopSecond();
      const applied = await withDb(databaseUrl, (db) => db.value("SELECT COUNT(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL"));
      expect(applied).toBe(migrations().length);
    } finally {
      await postgres?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts a second server on a database another one is using, when its schema is current, serving other machines when told", async () => {
    const port = await freePort();
    const started = await npmStart({ databaseUrl: live.databaseUrl, port, host: "0.0.0.0", dataDir: TEST_BACKEND === "postgres" ? live.dataDir : undefined });
    expect(started.output).not.toMatch(/failed/);
    expect(started.serving, started.output).toBe(true);
    expect(started.output).toContain("database ready");
    expect(started.output).not.toContain("migrated");
    // …and serving other machines is said to be what it is.
    expect(started.output).toContain(`switchyard: serving 0.0.0.0:${port} to other machines — every request needs a sign-in or an API key, but this server speaks plain HTTP`);
    // Both serve the same data.
    const created = await fetch(`${live.baseUrl}/api/workflows`, { method: "POST", headers: { ...adminAuth(), "content-type": "application/json" }, body: JSON.stringify({ name: "Shared" }) });
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`http://127.0.0.1:${port}/api/workflows/${id}`, { headers: adminAuth() })).status).toBe(200);
    // Stopped here: the next test starts servers of its own into `second`, and this one outlived the suite.
    await stopSecond();
  });

  it("refuses a DATABASE_URL that names no database it serves, a server it cannot reach, and a port in use, saying which", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-start-"));
    const postgres = TEST_BACKEND === "postgres" ? await emptyPostgres() : undefined;
    try {
      const port = await freePort();
      const mysql = await npmStart({ databaseUrl: "mysql://user@localhost/switchyard", port });
      expect(mysql.serving).toBe(false);
      expect(mysql.code).toBe(1);
      expect(mysql.output).toContain('DATABASE_URL must name a SQLite file (file:<path>) or a PostgreSQL server (postgres://…); "mysql:" databases are not supported');
      expect(readdirSync(ROOT).filter((name) => name.startsWith("mysql"))).toEqual([]);
      // A PostgreSQL server that does not answer (nothing listens on port 1), its password never printed.
      const unreachable = await npmStart({ databaseUrl: "postgres://user:hunter2@127.0.0.1:1/switchyard", port });
      expect(unreachable.code).toBe(1);
      expect(unreachable.output).toContain("switchyard: cannot reach the PostgreSQL database postgres://user@127.0.0.1:1/switchyard");
      expect(unreachable.output).not.toContain("hunter2");

      // A port already served: said before anything else happens (no file made, no migration run).
      const busyPort = Number(new URL(live.baseUrl).port);
      const fresh = path.join(dir, "never.db");
      const taken = await npmStart({ databaseUrl: postgres?.url ?? `file:${fresh}`, port: busyPort, untilExit: true, dataDir: postgres ? dir : undefined });
      expect(taken.code).toBe(1);
      expect(taken.output).toContain(`switchyard: cannot listen on 127.0.0.1:${busyPort}: the port is in use (another server?); set PORT`);
      if (postgres) expect(await withDb(postgres.url, (db) => db.tables())).toEqual([]);
      else expect(readdirSync(dir)).not.toContain("never.db");
    } finally {
      await postgres?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // file: URLs name SQLite files; a PostgreSQL server's database is made by its administrator (the tests above).
  it.skipIf(TEST_BACKEND === "postgres")("refuses a file: DATABASE_URL where it cannot create a file, or naming another kind of file, and drops a query string", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-start-"));
    try {
      const port = await freePort();
      // A path through a regular file can never be created (whoever runs the test).
      writeFileSync(path.join(dir, "plain-file"), "x");
      const blocked = path.join(dir, "plain-file", "db", "switchyard.db");
      const refused = await npmStart({ databaseUrl: `file:${blocked}`, port });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`switchyard: cannot create the database at ${blocked}`);
      expect(refused.output).not.toMatch(/\n\s+at /); // no stack trace

      // A file that is something else: named, left as it was.
      const notDb = path.join(dir, "notes.txt");
      writeFileSync(notDb, "meeting notes, not a database\n".repeat(10));
      const wrong = await npmStart({ databaseUrl: `file:${notDb}`, port });
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain(`switchyard: ${notDb} is not a SQLite database`);
      expect(readFileSync(notDb, "utf8")).toBe("meeting notes, not a database\n".repeat(10));

      // A Prisma-style query string is not part of the file's name.
      const file = path.join(dir, "q.db");
      const started = await npmStart({ databaseUrl: `file:${file}?connection_limit=1`, port });
      expect(started.serving, started.output).toBe(true);
      expect(started.output).toContain(`database ready at ${file}\n`);
      await stopSecond();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
