/**
 * `{placeholder}` interpolation over run state (SPEC §4), Python `str.format_map`
 * style. A single left-to-right pass: runs once per node per run, so no regex and
 * nothing cached. Any placeholder that does not resolve, or any brace Python would
 * reject, leaves the whole string exactly as written.
 */
import { MISSING, parseField, resolveField } from "./field-path";
import { pyStr } from "./py-str";

const OPEN = 123; // {
const CLOSE = 125; // }

/**
 * Renders `template` against `state`. Substituted values are never scanned again,
 * so a value containing `{x}` stays literal.
 */
export function renderTemplate(template: string, state: Record<string, unknown>): string {
  if (template.indexOf("{") === -1 && template.indexOf("}") === -1) return template;
  let out = "";
  let last = 0;
  let i = 0;
  const n = template.length;
  while (i < n) {
    const c = template.charCodeAt(i);
    if (c !== OPEN && c !== CLOSE) {
      i++;
      continue;
    }
    if (template.charCodeAt(i + 1) === c) {
      out += template.slice(last, i + 1);
      i += 2;
      last = i;
      continue;
    }
    if (c === CLOSE) return template;
    const end = fieldEnd(template, i + 1);
    if (end === -1) return template;
    const path = parseField(template.slice(i + 1, end));
    if (path === null) return template;
    const value = resolveField(path, state);
    if (value === MISSING) return template;
    out += template.slice(last, i) + pyStr(value);
    i = end + 1;
    last = i;
  }
  return out + template.slice(last);
}

/** Index of the `}` closing a field that starts at `from`, or -1 (unterminated or nested `{`). */
function fieldEnd(template: string, from: number): number {
  for (let j = from; j < template.length; j++) {
    const c = template.charCodeAt(j);
    if (c === CLOSE) return j;
    if (c === OPEN) return -1;
  }
  return -1;
}

/**
 * The field names a template uses, in order of first use, e.g. `["ticket", "a.b[0]"]`,
 * for editor hints and validation. Escaped braces are skipped; scanning stops at
 * the first malformed brace, as rendering would.
 */
export function templatePlaceholders(template: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < template.length) {
    const c = template.charCodeAt(i);
    if (c !== OPEN && c !== CLOSE) {
      i++;
    } else if (template.charCodeAt(i + 1) === c) {
      i += 2;
    } else if (c === CLOSE) {
      break;
    } else {
      const end = fieldEnd(template, i + 1);
      if (end === -1) break;
      const field = template.slice(i + 1, end);
      if (field !== "" && !found.includes(field)) found.push(field);
      i = end + 1;
    }
  }
  return found;
}
