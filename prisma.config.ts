import { loadEnvConfig } from "@next/env";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { databaseFile } from "./lib/db/location";
import { isPostgresUrl, postgresMigrateAdapter } from "./lib/db/postgres/migrate-adapter";

// A prisma.config.ts disables Prisma's own .env loading; load the same .env* files Next.js does,
// so the CLI and the app always agree on DATABASE_URL.
loadEnvConfig(process.cwd());

const url = process.env.DATABASE_URL;

// DATABASE_URL=postgres://… or postgresql://…: the PostgreSQL schema and its own migrations.
// Anything else is a SQLite file: the app's own rule (file:<path>, else ./data/switchyard.db).
export default isPostgresUrl(url)
  ? defineConfig({
      experimental: { adapter: true },
      engine: "js",
      schema: "prisma/postgres/schema.prisma",
      migrations: { path: "prisma/postgres/migrations" },
      async adapter() {
        return postgresMigrateAdapter(url);
      },
    })
  : defineConfig({
      experimental: { adapter: true },
      engine: "js",
      schema: "prisma/schema.prisma",
      migrations: { path: "prisma/migrations" },
      async adapter() {
        return new PrismaBetterSQLite3({ url: `file:${databaseFile()}` });
      },
    });
