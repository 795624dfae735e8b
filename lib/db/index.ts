import "server-only";
/**
 * The way into the database from outside `lib/db`: {@link storage} answers this thread's
 * stores ({@link Storage}, lib/db/ports). Which backend serves them is decided here, from
 * DATABASE_URL (lib/db/location.ts); nothing outside `lib/db` learns it or touches a connection.
 */
import { db } from "./client";
import { databaseLocation } from "./location";
import type { Storage } from "./ports";
import { postgresStorage } from "./postgres";
import { sqliteStorage } from "./sqlite/storage";

export type * from "./ports";

const globalForStorage = globalThis as unknown as { switchyardStorage?: Storage };

/** This thread's storage, opened on first use. */
export function storage(): Storage {
  if (!globalForStorage.switchyardStorage) {
    const location = databaseLocation();
    globalForStorage.switchyardStorage = location.backend === "postgres" ? postgresStorage(location.url) : sqliteStorage(db().sqlite);
  }
  return globalForStorage.switchyardStorage;
}
