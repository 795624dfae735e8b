import type { NodeKind } from "../kind";
import { clip } from "../kind";
import { DEFAULT_LOOP_ITERATIONS } from "@/engine/graph/schema";

/** Repeats its true branch while the expression holds, up to max_iterations. */
export const loopKind: NodeKind<"loop"> = {
  type: "loop",
  title: "Loop",
  blurb: "Repeat the true branch, exit by false",
  icon: "M17 2l4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3",
  chip: "bg-emerald-100 text-emerald-700",
  defaultConfig: () => ({ expression: "true", max_iterations: DEFAULT_LOOP_ITERATIONS }),
  summary: (c) => clip(`${c.expression || "no expression"} · ≤ ${c.max_iterations}×`),
};
