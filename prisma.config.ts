import { loadEnvConfig } from "@next/env";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { databaseFile } from "./lib/db/location";

// A prisma.config.ts disables Prisma's own .env loading; load the same .env* files Next.js does,
// so the CLI and the app always agree on DATABASE_URL.
loadEnvConfig(process.cwd());

// The app's own rule (DATABASE_URL=file:<path>, else ./data/switchyard.db), so the CLI and the app agree.
const dbFile = databaseFile();

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaBetterSQLite3({ url: `file:${dbFile}` });
  },
});
