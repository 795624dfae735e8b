/**
 * The advisory lock that serializes audit appends on PostgreSQL: every writer of
 * `audit_entries` takes `pg_advisory_xact_lock(AUDIT_CHAIN_LOCK)` in its transaction before it
 * reads the chain head, so two appends never chain onto the same row (SQLite gets the same from
 * admitting one writer at a time). Held until the transaction ends. The value is "audt" in
 * ASCII, apart from Prisma's migrate lock (72707369, lib/db/postgres/migrate.ts).
 */
export const AUDIT_CHAIN_LOCK = 0x61756474;
