/**
 * The public entry points: parse to a value (validation reports it), evaluate a
 * condition in one call (the engine's condition and loop nodes).
 */
import type { Expr } from "./ast";
import { ExpressionError } from "./expression-error";
import { evaluateExpression } from "./evaluate";
import { MAX_EXPRESSION_LENGTH, parse } from "./parser";
import { isTruthy } from "./values";

export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: { message: string; position: number } };

/** Parses `source`; a malformed expression is a value, not an exception. */
export function parseExpression(source: string): ParseResult {
  try {
    return { ok: true, expr: parse(source) };
  } catch (err) {
    if (err instanceof ExpressionError) return { ok: false, error: { message: err.message, position: err.position ?? 0 } };
    throw err;
  }
}

/** Bound on cached parses: loops evaluate the same few expressions many times. */
const CACHE_LIMIT = 1000;
const cache = new Map<string, ParseResult>();

/** Least-recently-used cache of parse results, keyed by source. */
function cachedParse(source: string): ParseResult {
  const hit = cache.get(source);
  if (hit !== undefined) {
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const result = parseExpression(source);
  // An over-long source fails at once; keeping it would only pin a large key.
  if (source.length > MAX_EXPRESSION_LENGTH) return result;
  cache.set(source, result);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}

/**
 * Parses (cached), evaluates and applies Python truthiness. Throws
 * {@link ExpressionError} for a parse error or a runtime type error.
 */
export function evaluateCondition(source: string, scope: Record<string, unknown>): boolean {
  const parsed = cachedParse(source);
  if (!parsed.ok) throw new ExpressionError(parsed.error.message, parsed.error.position);
  return isTruthy(evaluateExpression(parsed.expr, scope));
}

/** Number of cached parses; lets tests check the cache stays bounded. */
export function conditionCacheSize(): number {
  return cache.size;
}
