/**
 * The expression AST (SPEC §4). Every node carries `pos`, the character offset it
 * starts at, and `text`, its source, so runtime errors can quote what failed.
 */

/** The pure functions an expression may call, with how many arguments each takes. */
export const FUNCTION_ARITY = {
  len: 1,
  lower: 1,
  upper: 1,
  contains: 2,
  startswith: 2,
  number: 1,
  string: 1,
} as const;

export type FunctionName = keyof typeof FUNCTION_ARITY;

/** True when `name` is one of the whitelisted functions. */
export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(FUNCTION_ARITY, name);
}

export type CompareOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in";
export type ArithmeticOp = "+" | "-" | "*" | "/" | "%";

interface Located {
  pos: number;
  text: string;
}

export type Expr =
  | (Located & { kind: "literal"; value: string | number | boolean | null })
  | (Located & { kind: "list"; items: Expr[] })
  | (Located & { kind: "name"; name: string })
  | (Located & { kind: "member"; object: Expr; property: string })
  | (Located & { kind: "index"; object: Expr; index: Expr })
  | (Located & { kind: "call"; callee: FunctionName; args: Expr[] })
  | (Located & { kind: "unary"; op: "not" | "-" | "+"; operand: Expr })
  | (Located & { kind: "arithmetic"; op: ArithmeticOp; left: Expr; right: Expr })
  /** `a < b < c` chains like Python: `a < b and b < c`, each operand evaluated once. */
  | (Located & { kind: "compare"; ops: CompareOp[]; operands: Expr[] })
  | (Located & { kind: "logical"; op: "and" | "or"; left: Expr; right: Expr });
