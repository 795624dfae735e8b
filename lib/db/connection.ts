/**
 * An open database connection, as code outside `lib/db` holds one: something to hand to
 * `lib/db`'s functions, never to run statements on (the driver stays behind this name).
 */
import type Database from "better-sqlite3";

export type Connection = Database.Database;
