/** What the per-kind checks (`NodeKind.check`) are given: the world a run would meet. */
import type { KindNode } from "../graph/node-shape";
import type { ToolRegistry } from "../tools/types";
import type { Report } from "./issues";

export interface ValidationContext {
  tools: ToolRegistry;
  /** Whether the price table knows a model; unknown models run at $0 cost. */
  knownModel: (model: string) => boolean;
  /** Names of the stored secrets; when absent, references to unknown secrets are not checked. */
  secretNames?: ReadonlySet<string>;
}

/** A kind's own checks of one node (`at`: its index in `graph.nodes`, for paths). */
export type NodeCheck<N extends KindNode> = (node: N, at: number, ctx: ValidationContext, report: Report) => void;

/** The path of a node's config field: `["nodes", at, "config", ...rest]`. */
export const configPath = (at: number, ...rest: (string | number)[]): (string | number)[] => ["nodes", at, "config", ...rest];
