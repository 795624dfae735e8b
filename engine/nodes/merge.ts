/** The merge kind: a barrier with no work of its own; the scheduler decides when it runs (SPEC §3). */
import { z } from "zod";
import { baseConfig, nodeShape } from "../graph/node-shape";
import { noChecks, noOutputKey, type ExecutableKind } from "./types";

export const mergeConfigSchema = z.object({ ...baseConfig });

export const mergeNodeSchema = nodeShape("merge", mergeConfigSchema.default({}));
export type MergeNode = z.infer<typeof mergeNodeSchema>;

export const mergeKind: ExecutableKind<MergeNode> = {
  type: "merge",
  admission: "execute",
  edges: "all",
  join: "barrier",
  outputKey: noOutputKey,
  check: noChecks,
  prepare() {
    return { run: async () => ({ output: null, branch: null }) };
  },
};
