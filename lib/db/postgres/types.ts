import pg from "pg";

/**
 * How Switchyard reads PostgreSQL values: pass {@link pgTypes} as `types` to every pg Pool or
 * Client (it is per connection, not pg's process-wide `setTypeParser`, so Prisma's adapter
 * keeps its own parsing). Everything else keeps pg's defaults (timestamptz → Date, bytea →
 * Buffer, text → string).
 */

const INT8 = 20;
/** numeric: what PostgreSQL answers for SUM() over a bigint column. */
const NUMERIC = 1700;

/**
 * bigint (money in micro-USD, token totals, durations, row keys) as a JS number, like
 * better-sqlite3 gives SQLite's INTEGER. The values stay below 2^53; one that does not is an
 * error on the query rather than a silently rounded figure.
 */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${text} is beyond a JavaScript number's exact range`);
  return n;
}

/** numeric as a number: a whole one must be exact (a SUM of bigints), a fraction (an AVG) is a float. */
function parseNumeric(text: string): number {
  return /^-?\d+$/.test(text) ? parseInt8(text) : Number(text);
}

/** The `types` option for pg's Pool and Client. */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (format !== "binary") {
      if (oid === INT8) return parseInt8;
      if (oid === NUMERIC) return parseNumeric;
    }
    return pg.types.getTypeParser(oid, format);
  },
};
