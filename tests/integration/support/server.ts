/**
 * Starts the already-built app (`next start`) on a fresh, migrated database and a free
 * port, for integration tests: a SQLite file, or with `SWITCHYARD_TEST_BACKEND=postgres` a
 * PostgreSQL database of its own on the test server (lib/db/postgres/test-database.ts). Build
 * first: `NEXT_DIST_DIR=.next-api npm run build`; the harness serves the build in
 * `$NEXT_DIST_DIR` (default `.next`).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "../../../scripts/server-node-options.mjs";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "../../../lib/db/postgres/test-database";

/** The backend test servers use: SQLite unless `SWITCHYARD_TEST_BACKEND=postgres`. */
export const TEST_BACKEND: "sqlite" | "postgres" = process.env.SWITCHYARD_TEST_BACKEND === "postgres" ? "postgres" : "sqlite";

/**
 * Every test server starts with this bootstrap token (an admin API key, lib/auth), and the
 * helpers in ./http.ts send it: tests act as an admin unless they say otherwise.
 */
export const TEST_ADMIN_TOKEN = "integration-bootstrap-token-0123456789";

/** The header that makes a request the test admin's. */
export const adminAuth = (): Record<string, string> => ({ authorization: `Bearer ${TEST_ADMIN_TOKEN}` });

export interface TestServer {
  baseUrl: string;
  /** The SQLite file (on the SQLite backend). */
  dbFile: string;
  /** The server's DATABASE_URL (`file:…` or `postgres://…`); tests reach its rows through ./db.ts. */
  databaseUrl: string;
  /** Where the server keeps its own files (the generated `secret.key`): the SQLite file's folder, or SWITCHYARD_DATA_DIR on PostgreSQL. */
  dataDir: string;
  /** Graceful stop (SIGTERM), waits for exit. */
  stop(): Promise<void>;
  /** Graceful stop (SIGTERM) keeping the database, waits for exit (then `restart`). */
  halt(): Promise<void>;
  /** Hard kill (SIGKILL) like a crash, waits for exit. */
  kill9(): Promise<void>;
  /** Starts the server again on the same database and port (after stop or kill9). */
  restart(): Promise<void>;
  /** Everything the server printed (stdout and stderr), across restarts. */
  log(): string;
  /** The server process's pid while it runs (for benchmarks that sample its memory). */
  pid(): number | undefined;
}

export interface ServerOptions {
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /**
   * The checkout to serve (its build and its node_modules); default the working directory,
   * where every runner (vitest, Playwright, the bench scripts) starts. (Not derived from
   * `import.meta.url`: Playwright loads this file as CommonJS for e2e/run-restart.spec.ts.)
   */
  root?: string;
  /** Keep the temporary directory after stop (to inspect the database). */
  keepFiles?: boolean;
  /** Serve this existing database file (migrated if behind) instead of a fresh one; it is left in place after stop. */
  dbFile?: string;
  /** Skip `prisma migrate deploy` (a second server on a database another one already serves). */
  skipMigrate?: boolean;
  /**
   * Serve the database (and data folder) this running server serves, on either backend: a
   * second process on the same data. Not migrated again, and left in place after stop.
   */
  sameDatabaseAs?: TestServer;
}

/** Starts a server and resolves once `/api/health` answers. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const root = options.root ?? process.cwd();
  const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`no build in ${path.join(root, distDir)}: run \`NEXT_DIST_DIR=${distDir} npm run build\` there first`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "switchyard-it-"));
  const shared = options.sameDatabaseAs;
  const dbFile = shared?.dbFile ?? options.dbFile ?? path.join(dir, "test.db");
  // PostgreSQL: a database of its own, migrated (as `prisma migrate deploy` would, recorded alike).
  let postgres: PostgresTestDatabase | undefined;
  if (TEST_BACKEND === "postgres" && !shared && !options.dbFile && !options.env?.DATABASE_URL) {
    postgres = await createPostgresTestDatabase();
  }
  const databaseUrl = options.env?.DATABASE_URL ?? shared?.databaseUrl ?? postgres?.url ?? `file:${dbFile}`;
  const onPostgres = /^postgres(ql)?:\/\//i.test(databaseUrl);
  const dataDir = shared?.dataDir ?? (onPostgres ? dir : path.dirname(dbFile));
  // NEXT_MANUAL_SIG_HANDLE as `npm start` sets it: a stop (SIGTERM) hands the runs back (lib/runtime/host).
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, ...(onPostgres ? { SWITCHYARD_DATA_DIR: dataDir } : {}), NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1", SWITCHYARD_BOOTSTRAP_TOKEN: TEST_ADMIN_TOKEN, ...options.env };
  // The server's own options (as `npm start` sets them), never the test runner's.
  env.NODE_OPTIONS = options.env?.NODE_OPTIONS ?? SERVER_NODE_OPTIONS;
  if (!options.skipMigrate && !shared && !postgres) {
    const migrate = spawnSync(bin("prisma"), ["migrate", "deploy"], { cwd: root, env, encoding: "utf8" });
    if (migrate.status !== 0) throw new Error(`prisma migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let fullLog = "";

  const launch = async () => {
    // scripts/serve.mjs serves in this very process: killing its pid leaves no orphan.
    const proc = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "-H", "127.0.0.1", "-p", String(port)], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let output = "";
    proc.stdout?.on("data", (d) => {
      output += String(d);
      fullLog += String(d);
    });
    proc.stderr?.on("data", (d) => {
      output += String(d);
      fullLog += String(d);
      if (process.env.SHOW_SERVER_LOG) process.stderr.write(d);
    });
    await waitForHealth(baseUrl, proc, () => output);
  };

  const terminate = async (signal: NodeJS.Signals) => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill(signal);
    await exited;
  };

  await launch();
  return {
    baseUrl,
    dbFile,
    databaseUrl,
    dataDir,
    async stop() {
      await terminate("SIGTERM");
      if (!options.keepFiles) rmSync(dir, { recursive: true, force: true });
      if (!options.keepFiles) await postgres?.close();
    },
    halt: () => terminate("SIGTERM"),
    kill9: () => terminate("SIGKILL"),
    log: () => fullLog,
    pid: () => child?.pid,
    async restart() {
      await terminate("SIGTERM");
      await launch();
    },
  };
}

async function waitForHealth(baseUrl: string, proc: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill("SIGKILL");
  throw new Error(`server did not become healthy within 60 s:\n${output()}`);
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
