/**
 * Python's `repr()` of a string: single quotes unless the text holds a single quote
 * and no double quote, and non-printable characters escaped the way Python does.
 */

/** Python's non-printable categories (str.isprintable); a plain space is printable. */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

function escapeCodePoint(code: number): string {
  if (code < 0x100) return `\\x${hex(code, 2)}`;
  if (code < 0x10000) return `\\u${hex(code, 4)}`;
  return `\\U${hex(code, 8)}`;
}

/** `'text'` as Python prints it inside a list or dict. */
export function pyStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const quoteCode = quote.charCodeAt(0);
  let out = quote;
  let last = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    let escaped: string | null = null;
    if (code === 92) escaped = "\\\\";
    else if (code === quoteCode) escaped = `\\${quote}`;
    else if (code === 10) escaped = "\\n";
    else if (code === 13) escaped = "\\r";
    else if (code === 9) escaped = "\\t";
    else if (code < 0x20 || code === 0x7f) escaped = escapeCodePoint(code);
    else if (code > 0x7f && code !== 0x20 && NON_PRINTABLE.test(text.slice(i, i + width))) {
      escaped = escapeCodePoint(code);
    }
    if (escaped !== null) {
      out += text.slice(last, i) + escaped;
      last = i + width;
    }
    i += width;
  }
  return out + text.slice(last) + quote;
}
