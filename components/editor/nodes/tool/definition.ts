import type { NodeKind } from "../kind";
import { clip } from "../kind";

/** A registered tool called with templated params. */
export const toolKind: NodeKind<"tool"> = {
  type: "tool",
  title: "Tool",
  blurb: "Call a built-in tool such as HTTP or set",
  icon: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z",
  chip: "bg-amber-100 text-amber-700",
  defaultConfig: () => ({ tool: "set", params: {} }),
  summary: (c) => clip(c.tool + (c.output_key ? ` → ${c.output_key}` : "")),
};
