/**
 * Validation findings indexed by node and edge, kept beside (never inside) the graph so
 * each node view can pick its own markers with a cheap selector.
 */
import type { ValidationIssue, ValidationResult } from "@/lib/client/types";

export type Severity = "error" | "warning";
export type MarkedIssue = ValidationIssue & { severity: Severity };

export interface IssueIndex {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  byNode: Record<string, MarkedIssue[]>;
  byEdge: Record<string, MarkedIssue[]>;
}

/**
 * Keyed by ids, so without a prototype: a graph stored before such ids were refused may
 * name a node `constructor`, and `{}["constructor"]` is a function, not a missing entry.
 */
const byId = (): Record<string, MarkedIssue[]> => Object.create(null) as Record<string, MarkedIssue[]>;

export const EMPTY_ISSUES: IssueIndex = { errors: [], warnings: [], byNode: byId(), byEdge: byId() };

export function indexIssues(result: ValidationResult): IssueIndex {
  const byNode = byId();
  const byEdge = byId();
  const add = (issue: ValidationIssue, severity: Severity) => {
    const marked = { ...issue, severity };
    if (issue.node_id) (byNode[issue.node_id] ??= []).push(marked);
    if (issue.edge_id) (byEdge[issue.edge_id] ??= []).push(marked);
  };
  result.errors.forEach((i) => add(i, "error"));
  result.warnings.forEach((i) => add(i, "warning"));
  return { errors: result.errors, warnings: result.warnings, byNode, byEdge };
}
