/**
 * Redaction (SPEC §12): every secret value a tool call used is replaced by
 * `[secret:NAME]` in its result and error before they leave the node, so no value
 * reaches steps, events, logs or the database. Pure.
 */

/** Values that stand for a secret in text: as is, JSON-escaped, and URL-encoded. */
function forms(value: string): string[] {
  const out = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
  return [...out].filter((f) => f.length > 0);
}

/** What to find and what replaces it, as one scan: replacements are never searched again. */
interface Patterns {
  regex: RegExp;
  replacement: Map<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Alternatives longest first, so at any position a value containing another wins. */
function patterns(used: Record<string, string>): Patterns | null {
  const replacement = new Map<string, string>();
  for (const [name, value] of Object.entries(used)) {
    for (const form of forms(value)) if (!replacement.has(form)) replacement.set(form, `[secret:${name}]`);
  }
  if (replacement.size === 0) return null;
  const alternatives = [...replacement.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return { regex: new RegExp(alternatives.join("|"), "g"), replacement };
}

function redactWith(text: string, p: Patterns): string {
  return text.replace(p.regex, (found) => p.replacement.get(found) ?? found);
}

/** `text` with each used secret value replaced by `[secret:NAME]`. */
export function redactText(text: string, used: Record<string, string>): string {
  const p = patterns(used);
  return p ? redactWith(text, p) : text;
}

/** A copy of `value` with every string leaf and object key redacted; other leaves are kept. */
export function redactSecrets<T>(value: T, used: Record<string, string>): T {
  const p = patterns(used);
  if (!p) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redactWith(v, p);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [redactWith(k, p), walk(item)]));
    }
    return v;
  };
  return walk(value) as T;
}
