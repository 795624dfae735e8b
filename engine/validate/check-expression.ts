/** A condition or loop expression that does not parse (the column and what was expected). */
import { parseExpression } from "../expression";
import type { Report } from "./issues";

export function checkExpression(id: string, name: string, source: string, path: (string | number)[], report: Report): void {
  const parsed = parseExpression(source);
  if (!parsed.ok) report("invalid_expression", { node: name, message: parsed.error.message, position: parsed.error.position }, { node_id: id, path });
}
