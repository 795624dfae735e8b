/**
 * Recursive-descent (Pratt) parser for expressions (SPEC §4). Precedence, loosest
 * first: `or` < `and` < `not` < comparisons (chained like Python) < `+ -` <
 * `* / %` < unary `- +` < member, index and call. `!`/`&&`/`||` are spellings of
 * `not`/`and`/`or` with the same precedence, so `!a == b` means `not (a == b)`.
 */
import { FUNCTION_ARITY, isFunctionName, type CompareOp, type Expr } from "./ast";
import { ExpressionError } from "./expression-error";
import { tokenize, type Token } from "./tokenizer";

/** Longest source accepted. */
export const MAX_EXPRESSION_LENGTH = 10_000;
/** Deepest nesting accepted (parentheses, operators, lists), so hostile input cannot exhaust the stack. */
export const MAX_EXPRESSION_DEPTH = 100;

const BP = { or: 1, and: 2, not: 3, compare: 4, add: 5, multiply: 6, unary: 7 } as const;
const COMPARE_OPS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const LITERAL_WORDS: Record<string, boolean | null> = { true: true, True: true, false: false, False: false, null: null, None: null };
const KEYWORDS = new Set(["and", "or", "not", "in"]);
const CALLABLE = Object.keys(FUNCTION_ARITY).join(", ");

/** An AST node before its location is attached (distributes over the union). */
type NodeFields = Expr extends infer E ? (E extends Expr ? Omit<E, "pos" | "text"> : never) : never;

/** Parses `source` into an AST; throws {@link ExpressionError} with a position on bad input. */
export function parse(source: string): Expr {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`Expression is too long (more than ${MAX_EXPRESSION_LENGTH} characters)`, MAX_EXPRESSION_LENGTH);
  }
  return new Parser(source, tokenize(source)).parseAll();
}

class Parser {
  private index = 0;
  private depth = 0;
  private readonly heights = new WeakMap<Expr, number>();

  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  parseAll(): Expr {
    if (this.peek().type === "eof") this.fail("Empty expression", 0);
    const expr = this.expression(0);
    const rest = this.peek();
    if (rest.type !== "eof") this.unexpected(rest);
    return expr;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }

  private advance(): Token {
    return this.tokens[this.index++];
  }

  private isOp(value: string, token = this.peek()): boolean {
    return token.type === "op" && token.value === value;
  }

  private isWord(value: string, token = this.peek()): boolean {
    return token.type === "name" && token.value === value;
  }

  private expect(op: string): Token {
    const token = this.peek();
    if (!this.isOp(op, token)) this.unexpected(token, ` (expected '${op}')`);
    return this.advance();
  }

  private fail(message: string, pos: number): never {
    throw new ExpressionError(`${message} at column ${pos + 1}`, pos);
  }

  private unexpected(token: Token, hint = ""): never {
    if (token.type === "eof") this.fail(`Unexpected end of expression${hint}`, token.pos);
    this.fail(`Unexpected token '${this.source.slice(token.pos, token.end)}'${hint}`, token.pos);
  }

  /** Builds a node spanning `start` to the last consumed token, enforcing the depth limit. */
  private make(start: number, fields: NodeFields, children: Expr[]): Expr {
    const end = this.tokens[this.index - 1].end;
    const node = { ...fields, pos: start, text: this.source.slice(start, end) } as Expr;
    const height = 1 + children.reduce((max, child) => Math.max(max, this.heights.get(child) ?? 1), 0);
    if (height > MAX_EXPRESSION_DEPTH) this.tooDeep(start);
    this.heights.set(node, height);
    return node;
  }

  private tooDeep(pos: number): never {
    this.fail(`Expression is nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`, pos);
  }

  /** Parses operators binding tighter than `minBp`. */
  private expression(minBp: number): Expr {
    if (++this.depth > MAX_EXPRESSION_DEPTH) this.tooDeep(this.peek().pos);
    const start = this.peek().pos;
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      if (this.isOp(".", token) || this.isOp("[", token) || this.isOp("(", token)) {
        left = this.postfix(left, start);
      } else if (this.isOp("*", token) || this.isOp("/", token) || this.isOp("%", token) || this.isOp("+", token) || this.isOp("-", token)) {
        const bp = token.value === "+" || token.value === "-" ? BP.add : BP.multiply;
        if (bp <= minBp) break;
        this.advance();
        const right = this.expression(bp);
        left = this.make(start, { kind: "arithmetic", op: token.value as "+", left, right }, [left, right]);
      } else if (this.compareOp() !== null) {
        if (BP.compare <= minBp) break;
        left = this.comparison(left, start);
      } else if (this.isWord("and", token) || this.isOp("&&", token) || this.isWord("or", token) || this.isOp("||", token)) {
        const op = token.value === "and" || token.value === "&&" ? "and" : "or";
        if (BP[op] <= minBp) break;
        this.advance();
        const right = this.expression(BP[op]);
        left = this.make(start, { kind: "logical", op, left, right }, [left, right]);
      } else {
        break;
      }
    }
    this.depth--;
    return left;
  }

  /** The comparison operator at the cursor (`not in` spans two tokens), or null. */
  private compareOp(): CompareOp | null {
    const token = this.peek();
    if (token.type === "op" && COMPARE_OPS.has(token.value)) return token.value as CompareOp;
    if (this.isWord("in", token)) return "in";
    if (this.isWord("not", token) && this.isWord("in", this.peek(1))) return "not in";
    return null;
  }

  private comparison(first: Expr, start: number): Expr {
    const ops: CompareOp[] = [];
    const operands: Expr[] = [first];
    for (let op = this.compareOp(); op !== null; op = this.compareOp()) {
      this.index += op === "not in" ? 2 : 1;
      ops.push(op);
      operands.push(this.expression(BP.compare));
    }
    return this.make(start, { kind: "compare", ops, operands }, operands);
  }

  private postfix(object: Expr, start: number): Expr {
    const token = this.advance();
    if (token.value === "(") this.fail(`Only the functions ${CALLABLE} can be called`, token.pos);
    if (token.value === ".") {
      const name = this.peek();
      if (name.type !== "name") this.unexpected(name, " (expected a name after '.')");
      this.advance();
      return this.make(start, { kind: "member", object, property: name.value }, [object]);
    }
    const index = this.expression(0);
    this.expect("]");
    return this.make(start, { kind: "index", object, index }, [object, index]);
  }

  private prefix(): Expr {
    const token = this.advance();
    const start = token.pos;
    if (token.type === "number") return this.make(start, { kind: "literal", value: Number(token.value) }, []);
    if (token.type === "string") return this.make(start, { kind: "literal", value: token.value }, []);
    if (this.isWord("not", token) || this.isOp("!", token)) return this.unary("not", start, BP.not);
    if (this.isOp("-", token) || this.isOp("+", token)) return this.unary(token.value as "-", start, BP.unary);
    if (this.isOp("(", token)) {
      const inner = this.expression(0);
      this.expect(")");
      return inner;
    }
    if (this.isOp("[", token)) return this.list(start);
    if (token.type !== "name" || KEYWORDS.has(token.value)) this.unexpected(token);
    if (Object.hasOwn(LITERAL_WORDS, token.value)) return this.make(start, { kind: "literal", value: LITERAL_WORDS[token.value] }, []);
    if (this.isOp("(")) return this.call(token);
    return this.make(start, { kind: "name", name: token.value }, []);
  }

  private unary(op: "not" | "-" | "+", start: number, bp: number): Expr {
    const operand = this.expression(bp);
    return this.make(start, { kind: "unary", op, operand }, [operand]);
  }

  /** `[a, b, c]`, trailing comma allowed. */
  private list(start: number): Expr {
    const items = this.commaSeparated("]");
    return this.make(start, { kind: "list", items }, items);
  }

  private call(name: Token): Expr {
    if (!isFunctionName(name.value)) this.fail(`Unknown function '${name.value}' (allowed: ${CALLABLE})`, name.pos);
    this.advance();
    const args = this.commaSeparated(")");
    const arity = FUNCTION_ARITY[name.value];
    if (args.length !== arity) {
      this.fail(`${name.value}() takes ${arity} argument${arity === 1 ? "" : "s"}, got ${args.length}`, name.pos);
    }
    return this.make(name.pos, { kind: "call", callee: name.value, args }, args);
  }

  private commaSeparated(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.isOp(close)) {
      items.push(this.expression(0));
      if (this.isOp(",")) this.advance();
      else if (!this.isOp(close)) this.unexpected(this.peek(), ` (expected ',' or '${close}')`);
    }
    this.advance();
    return items;
  }
}
