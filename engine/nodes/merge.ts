/** The merge kind: a barrier with no work of its own; the scheduler decides when it runs (SPEC §3). */
import type { NodeKind } from "./types";

export const mergeKind: NodeKind<"merge"> = {
  type: "merge",
  prepare() {
    return { run: async () => ({ output: null, branch: null }) };
  },
};
