import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_STATE } from "./e2e/pages/accounts";

// Pick a free port once, in the runner process; workers inherit it through the environment.
function freePort(): number {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  const out = execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  process.env.E2E_PORT = String(Number(String(out).trim()));
  return Number(process.env.E2E_PORT);
}

const PORT = freePort();
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Honour a custom build directory (NEXT_DIST_DIR) so side-by-side builds do not collide; each gets its own database.
const DIST = process.env.NEXT_DIST_DIR || ".next";
const E2E_DIR = path.join(__dirname, ".e2e", DIST.replace(/^\.+/, "") || "next");
// SWITCHYARD_TEST_BACKEND=postgres: a PostgreSQL database of the suite's own on the test server
// (SWITCHYARD_TEST_DATABASE_URL, scripts/test-postgres.sh), named after this checkout and build
// directory, made afresh at each start as e2e.db is (e2e/support/fresh-postgres.ts).
const POSTGRES = process.env.SWITCHYARD_TEST_BACKEND === "postgres";
const E2E_PG_NAME = `switchyard_e2e_${createHash("sha256").update(E2E_DIR).digest("hex").slice(0, 12)}`;
function postgresUrl(database: string): string {
  const u = new URL(process.env.SWITCHYARD_TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  u.pathname = `/${database}`;
  return u.toString();
}
const E2E_DB = POSTGRES ? postgresUrl(E2E_PG_NAME) : `file:${path.join(E2E_DIR, "e2e.db")}`;
const FRESH_DATABASE = POSTGRES
  ? `mkdir -p "${E2E_DIR}" && node_modules/.bin/tsx e2e/support/fresh-postgres.ts ${E2E_PG_NAME}`
  : `rm -rf "${E2E_DIR}/e2e.db"* && mkdir -p "${E2E_DIR}" && npx prisma migrate deploy`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: path.join(E2E_DIR, "test-results"),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    acceptDownloads: true,
    launchOptions: {
      // Debian's Chromium (apt-get install -y chromium): tests never download a browser of their own.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    // Every spec runs signed in as the owner, made first on the fresh server (e2e/auth.setup.ts).
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", dependencies: ["setup"], use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, storageState: ADMIN_STATE } },
  ],
  webServer: {
    // Fresh e2e database, migrations applied, then the production server (build first, into the same NEXT_DIST_DIR).
    command: `${FRESH_DATABASE} && node scripts/serve.mjs -H 127.0.0.1 -p ${PORT}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // NEXT_MANUAL_SIG_HANDLE as `npm start` sets it (scripts/start.mjs).
    // On PostgreSQL the secrets key is kept beside the suite's other files (SQLite: beside e2e.db).
    env: { DATABASE_URL: E2E_DB, ...(POSTGRES ? { SWITCHYARD_DATA_DIR: E2E_DIR } : {}), NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: DIST, NEXT_MANUAL_SIG_HANDLE: "1" },
  },
});
