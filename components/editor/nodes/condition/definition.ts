import type { NodeKind } from "../kind";
import { clip } from "../kind";

/** Picks the true or the false branch from an expression. */
export const conditionKind: NodeKind<"condition"> = {
  type: "condition",
  title: "Condition",
  blurb: "Branch on an expression: true or false",
  icon: "M12 3l9 9-9 9-9-9z",
  chip: "bg-sky-100 text-sky-700",
  defaultConfig: () => ({ expression: "true" }),
  summary: (c) => clip(c.expression) || "no expression",
};
