import type { z } from "zod";
import { ApiError } from "./errors";
import { issuesOf } from "./zod-issues";

/** Reads the named query parameters through a zod schema; a mismatch is a 400 `invalid_query` with paths. */
export function parseQuery<S extends z.ZodType>(url: string | URL, schema: S, names: string[]): z.infer<S> {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  const raw: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) raw[name] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError("invalid_query", undefined, { issues: issuesOf(parsed.error) });
  return parsed.data;
}
