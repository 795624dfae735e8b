/**
 * The one error expressions throw: a parse error or a runtime type error, with a
 * readable message. The engine turns it into the `expression_error` code.
 */
export class ExpressionError extends Error {
  /** Character offset in the expression source, when known. */
  readonly position?: number;

  constructor(message: string, position?: number) {
    super(message);
    this.name = "ExpressionError";
    this.position = position;
  }
}

/** Longest piece of source quoted in a message; the position locates the rest. */
const QUOTE_LIMIT = 120;

/** Throws a runtime error quoting the failing sub-expression: `… in 'a < b'`. */
export function failAt(message: string, node: { pos: number; text: string }): never {
  const quoted = node.text.length > QUOTE_LIMIT ? `${node.text.slice(0, QUOTE_LIMIT)}…` : node.text;
  throw new ExpressionError(`${message} in '${quoted}'`, node.pos);
}
