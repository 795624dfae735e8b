/** The merge kind: a barrier with no work of its own; the scheduler decides when it runs (SPEC §3). */
import { noChecks, noOutputKey, type ExecutableKind } from "./types";

export const mergeKind: ExecutableKind<"merge"> = {
  type: "merge",
  admission: "execute",
  edges: "all",
  outputKey: noOutputKey,
  check: noChecks,
  prepare() {
    return { run: async () => ({ output: null, branch: null }) };
  },
};
