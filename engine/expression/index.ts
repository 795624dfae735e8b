/** Expressions (SPEC §4): a small, safe language for condition and loop nodes. */
export type { Expr, FunctionName, CompareOp, ArithmeticOp } from "./ast";
export { FUNCTION_ARITY } from "./ast";
export { ExpressionError } from "./expression-error";
export { parseExpression, evaluateCondition, type ParseResult } from "./parse-expression";
export { evaluateExpression } from "./evaluate";
export { isTruthy } from "./values";
export { expressionNames } from "./expression-names";
export { MAX_EXPRESSION_LENGTH, MAX_EXPRESSION_DEPTH } from "./parser";
