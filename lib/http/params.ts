import { notFound } from "./errors";

/** Ids are random url-safe strings; anything else cannot name a stored object. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks a route id (length and charset). An odd id (`%00`, `../`, 10 kB) is simply
 * not found: a 404, never a 500 and never a query with it.
 */
export function parseId(raw: string | undefined, what = "not found"): string {
  if (typeof raw !== "string" || !ID_PATTERN.test(raw)) throw notFound(what);
  return raw;
}

/** A number in a path (a version, a checkpoint's seq): a positive integer, else 404 with `what`. */
export function parsePositiveNumber(raw: string | undefined, what: string): number {
  if (typeof raw !== "string" || !/^[1-9][0-9]{0,8}$/.test(raw)) throw notFound(what);
  return Number(raw);
}

/** A version number in a path: a positive integer, else 404. */
export const parseVersionNumber = (raw: string | undefined): number => parsePositiveNumber(raw, "version not found");
