import type { NodeKind } from "../kind";
import { clip } from "../kind";

/** An LLM call whose reply is written to state. */
export const agentKind: NodeKind<"agent"> = {
  type: "agent",
  title: "Agent",
  blurb: "Ask a model; the reply goes into state",
  icon: "M12 8V4M8 4h8M5 8h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM9 13v2M15 13v2",
  chip: "bg-violet-100 text-violet-700",
  defaultConfig: () => ({ model: "mock", user_message: "" }),
  summary: (c) => clip(c.model + (c.output_key ? ` → ${c.output_key}` : "")),
};
