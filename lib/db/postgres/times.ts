import { epochMs, sqlTime, toIsoTimestamp } from "../timestamps";

/**
 * Timestamps on PostgreSQL: columns are timestamptz(3), written from `Date`s and read back as
 * `Date`s (pg's parser), milliseconds exact. Answers are ISO (`…Z`, ../timestamps.ts);
 * keyset positions and the audit chain's stored `created_at` use the text SQLite stores
 * (`…+00:00`, {@link sqlTime}), so a position or a chain row reads the same from either backend.
 */

/** A stored timestamp in the API form. */
export const iso = (d: Date): string => toIsoTimestamp(d);

export const isoOrNull = (d: Date | null): string | null => (d === null ? null : toIsoTimestamp(d));

/** A stored timestamp as a keyset position (and as SQLite's column text). */
export const storedKey = (d: Date): string => sqlTime(d.getTime());

export const storedKeyOrNull = (d: Date | null): string | null => (d === null ? null : sqlTime(d.getTime()));

/**
 * A keyset position's timestamp back as a `Date`, or null when the text is no timestamp (a
 * cursor that was not issued here): such a position comes after every row.
 */
export function positionTime(text: string): Date | null {
  const ms = epochMs(text);
  return ms === null || Number.isNaN(ms) ? null : new Date(ms);
}
