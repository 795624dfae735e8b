import type { NodeKind } from "../kind";
import { clip } from "../kind";

/** Pauses the run until a person approves or rejects. */
export const humanGateKind: NodeKind<"human_gate"> = {
  type: "human_gate",
  title: "Human gate",
  blurb: "Pause for a person to approve",
  icon: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM16 11l2 2 4-4",
  chip: "bg-rose-100 text-rose-700",
  defaultConfig: () => ({ prompt: "Please review and approve." }),
  summary: (c) => clip(c.prompt) || "no prompt",
};
