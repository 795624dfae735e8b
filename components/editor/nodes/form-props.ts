import type { NodeConfig, NodeType } from "@/engine/graph/schema";
import type { MarkedIssue } from "../store/issue-index";

/** What every kind's config form receives from the inspector. */
export interface NodeFormProps<T extends NodeType> {
  nodeId: string;
  config: NodeConfig<T>;
  /** Merges a patch into the config; `undefined` removes an optional key. */
  update: (patch: Partial<NodeConfig<T>>) => void;
  /** This node's validation findings. */
  issues: MarkedIssue[];
}

/** The first message among `issues` with one of `codes`, for showing beside a field. */
export function issueFor(issues: MarkedIssue[], ...codes: string[]): string | undefined {
  return issues.find((i) => codes.includes(i.code))?.message;
}
