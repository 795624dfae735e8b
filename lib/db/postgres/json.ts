/**
 * SQLite's `json_array_length(column, '$.key')` on a JSON text column: the length of the
 * array at `key`, NULL when there is none (or it is no array).
 */
export const jsonArrayLength = (column: string, key: string) =>
  `(SELECT CASE WHEN json_typeof(j) = 'array' THEN json_array_length(j) END FROM (SELECT (${column})::json -> '${key}' AS j) k)`;
