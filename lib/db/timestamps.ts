/**
 * The one timestamp helper. Stored: SQLite DATETIME columns hold what Prisma's SQLite
 * adapter writes — ISO 8601 with an explicit `+00:00` offset, compared as text — so raw
 * writes use exactly that form (mixed forms would sort wrongly); SQLite's own
 * CURRENT_TIMESTAMP (UTC without zone) is read too. Answered: ISO 8601 with `Z`.
 * Engine records carry epoch milliseconds.
 */

/** Epoch ms → the DATETIME text Prisma writes. */
export function sqlTime(ms: number): string;
export function sqlTime(ms: number | null): string | null;
export function sqlTime(ms: number | null): string | null {
  if (ms === null) return null;
  if (!Number.isSafeInteger(ms) || ms < 0) return new Date(ms).toISOString().replace("Z", "+00:00");
  // Every node commit formats a few timestamps: format each second once, append the ms.
  const second = Math.floor(ms / 1000);
  if (second !== formattedSecond) {
    formattedSecond = second;
    secondPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const frac = ms - second * 1000;
  return `${secondPrefix}${frac < 10 ? "00" : frac < 100 ? "0" : ""}${frac}+00:00`;
}

let formattedSecond = NaN;
/** `YYYY-MM-DDTHH:MM:SS.` of {@link formattedSecond}. */
let secondPrefix = "";

/** A date (now by default) as stored. */
export const toSqlTimestamp = (date: Date = new Date()): string => sqlTime(date.getTime());

const SQLITE_DEFAULT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** A stored DATETIME (any of the forms above) or epoch ms → epoch ms. */
export function epochMs(value: string | number | null): number | null {
  if (value === null) return null;
  if (typeof value === "number") return value;
  return Date.parse(SQLITE_DEFAULT.test(value) ? `${value.replace(" ", "T")}Z` : value);
}

let lastMs = Number.NaN;
let lastIso = "";

/** Epoch ms → the API form (`…Z`). A run's steps share many timestamps, so the last one is kept. */
export function isoTime(ms: number): string;
export function isoTime(ms: number | null): string | null;
export function isoTime(ms: number | null): string | null {
  if (ms === null) return null;
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/** A stored DATETIME, epoch ms or Date → the API form (`…Z`). */
export function toIsoTimestamp(value: string | number | Date): string {
  return isoTime(value instanceof Date ? value.getTime() : (epochMs(value) as number));
}
