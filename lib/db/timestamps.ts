/**
 * Timestamps in SQLite DATETIME columns. Prisma's SQLite adapter writes ISO 8601 with an
 * explicit `+00:00` offset and compares them as text, so raw writes use exactly that form
 * (mixed forms would sort wrongly).
 */
export function toSqlTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace("Z", "+00:00");
}

/**
 * Reads a DATETIME column written by Prisma, by raw SQL or by SQLite's CURRENT_TIMESTAMP
 * (UTC without zone) and returns an ISO string (`…Z`), the API form.
 */
export function toIsoTimestamp(value: string | number | Date): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") return new Date(value).toISOString();
  const sqliteDefault = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value);
  return new Date(sqliteDefault ? `${value.replace(" ", "T")}Z` : value).toISOString();
}
