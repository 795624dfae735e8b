import { z } from "zod";
import { ApiError } from "./errors";

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;

/** One page request: how many items, and where the previous page stopped (opaque). */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** A list response (SPEC §10): `next_cursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** Reads `?limit=` (default 50, 1–500) and `?cursor=`; anything else is a 400 `invalid_query`. */
export function parsePagination(url: URL | string): PageRequest {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  const rawLimit = params.get("limit");
  let limit = DEFAULT_PAGE_LIMIT;
  if (rawLimit !== null) {
    const parsed = /^[0-9]{1,4}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (parsed < 1 || parsed > MAX_PAGE_LIMIT) throw new ApiError("invalid_query", `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`, { param: "limit" });
    limit = parsed;
  }
  const cursor = params.get("cursor") ?? undefined;
  if (cursor !== undefined && (cursor.length === 0 || cursor.length > 500)) throw invalidCursor();
  return cursor === undefined ? { limit } : { limit, cursor };
}

/** Encodes a keyset position as an opaque url-safe cursor. */
export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** Decodes a cursor made by {@link encodeCursor}; a forged or stale one is a 400, never a 500. */
export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** Builds a page from `limit + 1` fetched rows: the extra row only says another page exists. */
export function toPage<R, T>(rows: R[], limit: number, map: (row: R) => T, position: (row: R) => unknown): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  return {
    items: kept.map(map),
    next_cursor: hasMore ? encodeCursor(position(kept[kept.length - 1])) : null,
  };
}

function invalidCursor(): ApiError {
  return new ApiError("invalid_query", "cursor is not valid", { param: "cursor" });
}
