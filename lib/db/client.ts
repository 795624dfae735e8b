import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/generated/prisma/client";
import { databaseFile } from "./location";

/** Busy timeout for every connection: writers queue instead of failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 15_000;

/** Pragmas applied to every raw connection we open. WAL is persistent in the file. */
export function applyPragmas(db: Database.Database): void {
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("foreign_keys = ON");
}

interface Connections {
  file: string;
  prisma: PrismaClient;
  /** Raw driver connection for the engine's hot path (prepared statements). */
  sqlite: Database.Database;
}

const globalForDb = globalThis as unknown as { switchyardDb?: Connections };

function open(): Connections {
  const file = databaseFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  applyPragmas(sqlite);
  const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${file}`, timeout: BUSY_TIMEOUT_MS }) });
  return { file, prisma, sqlite };
}

/** The process-wide connections (one Prisma client, one raw connection), opened lazily. */
export function db(): Connections {
  globalForDb.switchyardDb ??= open();
  return globalForDb.switchyardDb;
}
