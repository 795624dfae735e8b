import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/generated/prisma/client";
import { databaseFile, databaseLocation } from "./location";
import { applyPragmas, BUSY_TIMEOUT_MS, startWalCheckpointer } from "./pragmas";

export { applyPragmas, BUSY_TIMEOUT_MS };

interface Connections {
  file: string;
  prisma: PrismaClient;
  /** Raw driver connection for the engine's hot path (prepared statements). */
  sqlite: Database.Database;
}

const globalForDb = globalThis as unknown as { switchyardDb?: Connections };

function open(): Connections {
  // A SQLite file made beside a PostgreSQL install would hold data nobody else sees.
  if (databaseLocation().backend !== "sqlite") throw new Error("the SQLite connection was asked for, but DATABASE_URL names a PostgreSQL database");
  const file = databaseFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  applyPragmas(sqlite);
  // One checkpointer per process (it serves every connection): the engine host thread opens its own connections too.
  if (isMainThread) startWalCheckpointer(sqlite);
  // Made on first use: the engine host thread never needs one.
  let prisma: PrismaClient | undefined;
  return {
    file,
    sqlite,
    get prisma() {
      prisma ??= new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${file}`, timeout: BUSY_TIMEOUT_MS }) });
      return prisma;
    },
  };
}

/** This thread's connections (one Prisma client, one raw connection), opened lazily. */
export function db(): Connections {
  globalForDb.switchyardDb ??= open();
  return globalForDb.switchyardDb;
}
