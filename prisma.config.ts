import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

// A prisma.config.ts disables Prisma's own .env loading; load the same .env* files Next.js does,
// so the CLI and the app always agree on DATABASE_URL.
loadEnvConfig(process.cwd());

// Same rule as lib/db/location.ts: DATABASE_URL=file:<path>, else ./data/switchyard.db.
const raw = process.env.DATABASE_URL?.replace(/^file:/i, "").replace(/\?.*$/, "") ?? "./data/switchyard.db";
const dbFile = path.resolve(process.cwd(), raw);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaBetterSQLite3({ url: `file:${dbFile}` });
  },
});
