/**
 * Splits an expression into tokens. Words (including `and`, `not`, `True`…) are
 * `name` tokens; the parser gives keywords their meaning.
 */
import { ExpressionError } from "./expression-error";

export type TokenType = "number" | "string" | "name" | "op" | "eof";

export interface Token {
  type: TokenType;
  /** The operator or word; for strings the decoded text; for numbers the source digits. */
  value: string;
  pos: number;
  end: number;
}

const OPERATORS_2 = new Set(["==", "!=", "<=", ">=", "&&", "||"]);
const OPERATORS_1 = new Set(["(", ")", "[", "]", ".", ",", "+", "-", "*", "/", "%", "<", ">", "!"]);
const NUMBER = /[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
/** Python's identifiers (PEP 3131): a letter or `_`, then letters, marks, digits and connectors, in any script. */
const WORD = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0", "\\": "\\", "'": "'", '"': '"',
};

function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

/** All tokens of `source`, ending with an `eof` token; throws {@link ExpressionError} on a bad character. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      const [value, end] = readString(source, i);
      tokens.push({ type: "string", value, pos: start, end });
      i = end;
      continue;
    }
    const regex = c >= "0" && c <= "9" ? NUMBER : WORD;
    regex.lastIndex = i;
    const word = regex.exec(source);
    if (word !== null) {
      i += word[0].length;
      tokens.push({ type: regex === NUMBER ? "number" : "name", value: word[0], pos: start, end: i });
      continue;
    }
    const two = source.slice(i, i + 2);
    const op = OPERATORS_2.has(two) ? two : OPERATORS_1.has(c) ? c : null;
    if (op === null) {
      const hint = c === "=" ? " (use '==' to compare)" : "";
      throw new ExpressionError(`Unexpected character '${c}'${hint} at column ${i + 1}`, i);
    }
    i += op.length;
    tokens.push({ type: "op", value: op, pos: start, end: i });
  }
  tokens.push({ type: "eof", value: "", pos: source.length, end: source.length });
  return tokens;
}

/** Decodes a quoted string starting at `start`; returns its text and the index after the closing quote. */
function readString(source: string, start: number): [string, number] {
  const quote = source[start];
  let out = "";
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === quote) return [out, i + 1];
    if (c !== "\\") {
      out += c;
      i++;
      continue;
    }
    const next = source[i + 1] ?? "";
    if (Object.hasOwn(SIMPLE_ESCAPES, next)) {
      out += SIMPLE_ESCAPES[next];
      i += 2;
    } else if (next === "x" || next === "u") {
      const width = next === "x" ? 2 : 4;
      const digits = source.slice(i + 2, i + 2 + width);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== width) {
        throw new ExpressionError(`Invalid escape '\\${next}' at column ${i + 1}`, i);
      }
      out += String.fromCharCode(parseInt(digits, 16));
      i += 2 + width;
    } else {
      // Python keeps unknown escapes as written: '\d' is a backslash and a 'd'.
      out += `\\${next}`;
      i += 2;
    }
  }
  throw new ExpressionError(`Unterminated string starting at column ${start + 1}`, start);
}
