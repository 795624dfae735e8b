import type { NodeKind } from "../kind";

/** A barrier that waits for every incoming branch. */
export const mergeKind: NodeKind<"merge"> = {
  type: "merge",
  title: "Merge",
  blurb: "Wait for all incoming branches",
  icon: "M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9",
  chip: "bg-slate-200 text-slate-700",
  defaultConfig: () => ({}),
  summary: () => "waits for all inputs",
};
