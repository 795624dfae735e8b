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

/** How a render treats placeholders it must not resolve from state. */
export interface RenderOptions {
  /**
   * Placeholders whose field `keep` accepts are left verbatim, and the result stays a
   * template: escaped braces stay escaped and substituted values get their braces
   * escaped. A later render then resolves exactly the kept placeholders, never one a
   * state value smuggled in (this is how `{secrets.NAME}` reaches the last moment).
   */
  keep?: (field: string) => boolean;
}

/**
 * Renders `template` against `state`. Substituted values are never scanned again,
 * so a value containing `{x}` stays literal.
 */
export function renderTemplate(template: string, state: Record<string, unknown>, options: RenderOptions = {}): string {
  const braces = new BraceCursor(template);
  let i = braces.next(0);
  if (i === -1) return template;
  const keep = options.keep;
  let out = "";
  let last = 0;
  while (i !== -1) {
    const c = template.charCodeAt(i);
    if (template.charCodeAt(i + 1) === c) {
      out += template.slice(last, keep ? i + 2 : i + 1);
      last = i + 2;
      i = braces.next(last);
      continue;
    }
    if (c === CLOSE) return template;
    const end = fieldEnd(template, i + 1);
    if (end === -1) return template;
    const field = template.slice(i + 1, end);
    const path = parseField(field);
    if (path === null) return template;
    if (keep?.(field)) {
      out += template.slice(last, end + 1);
    } else {
      const value = resolveField(path, state);
      if (value === MISSING) return template;
      out += template.slice(last, i) + (keep ? escapeBraces(pyStr(value)) : pyStr(value));
    }
    last = end + 1;
    i = braces.next(last);
  }
  return out + template.slice(last);
}

/** `{` → `{{` and `}` → `}}`, so a substituted value renders as itself in a later pass. */
function escapeBraces(text: string): string {
  return text.includes("{") || text.includes("}") ? text.replace(/[{}]/g, (b) => b + b) : text;
}

/**
 * Finds the next `{` or `}` with native `indexOf`, remembering both positions so
 * each character is searched at most once per brace kind (linear overall).
 */
class BraceCursor {
  private open: number;
  private close: number;

  constructor(private readonly text: string) {
    this.open = text.indexOf("{");
    this.close = text.indexOf("}");
  }

  /** Index of the first brace at or after `from`, or -1. */
  next(from: number): number {
    if (this.open !== -1 && this.open < from) this.open = this.text.indexOf("{", from);
    if (this.close !== -1 && this.close < from) this.close = this.text.indexOf("}", from);
    if (this.open === -1) return this.close;
    return this.close === -1 || this.open < this.close ? this.open : this.close;
  }
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
