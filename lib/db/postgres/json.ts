/**
 * A JSON text column as `json`, to read its structure. PostgreSQL's json operators refuse to
 * de-escape `\u0000` ("unsupported Unicode escape sequence": no text holds U+0000) where
 * SQLite's read it, so one such string anywhere in a graph (JSON escapes the character) would
 * fail every query reading the graph. Each `\u0000` is read as `\u0001`: the same length and
 * shape, so arrays, objects and the other strings read as stored.
 */
export const jsonOf = (column: string) => `replace(${column}, '\\u0000', '\\u0001')::json`;

/**
 * SQLite's `json_array_length(column, '$.key')` on a JSON text column: the length of the
 * array at `key`, NULL when there is none (or it is no array).
 */
export const jsonArrayLength = (column: string, key: string) =>
  `(SELECT CASE WHEN json_typeof(j) = 'array' THEN json_array_length(j) END FROM (SELECT ${jsonOf(column)} -> '${key}' AS j) k)`;
