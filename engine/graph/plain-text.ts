/**
 * Text kept as it is sent — in a text column of its own (a name, a node id, an error message
 * naming a node's label) or compared with one (a filter) — cannot hold U+0000: PostgreSQL's
 * text type refuses the character, where SQLite's keeps it. Requests with one are refused on
 * both backends alike (a 400 naming the field) instead of failing on one of them. Text inside
 * JSON documents (graph configs, run inputs) keeps it: JSON escapes it.
 */
export const NUL_RULE = "must not contain the NUL character (U+0000)";

/** `text` holds no U+0000 (a zod `.refine` with {@link NUL_RULE}). */
export const withoutNul = (text: string): boolean => !text.includes("\u0000");
