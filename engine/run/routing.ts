/**
 * Edge firing, the merge barrier and dead-path elimination (SPEC §3), as one pure step:
 * given a settled node and its branch result, which executions are queued and which
 * nodes are skipped. It updates the scheduler bookkeeping it is given (`meta`) in place.
 */
import { edgeBranchValue } from "../graph/edge-branch-value";
import type { GraphEdge, GraphNode } from "../graph/schema";
import { kindOf } from "../nodes/registry";
import type { QueueItem, SchedulerMeta } from "../ports";
import type { RunPlan } from "./plan";

export interface RoutingResult {
  /** Executions to queue, in firing order. */
  queued: QueueItem[];
  /** Nodes skipped because every forward incoming edge died, in the order decided. */
  skipped: string[];
}

/** Scheduler bookkeeping in memory: the stored meta plus per-node execution counts. */
export interface Scheduling extends SchedulerMeta {
  /** Per node: how many executions have been admitted so far. */
  exec_counts: Record<string, number>;
}

/**
 * Rebuild the execution counts from a checkpoint: every reserved execution number is
 * either completed (listed in `completed`) or still queued, so the count is their sum.
 */
export function restoreScheduling(meta: SchedulerMeta, completed: readonly string[], queue: readonly QueueItem[]): Scheduling {
  const exec_counts: Record<string, number> = {};
  for (const id of completed) exec_counts[id] = (exec_counts[id] ?? 0) + 1;
  for (const q of queue) exec_counts[q.node_id] = Math.max((exec_counts[q.node_id] ?? 0) + 1, q.n);
  return { marks: meta.marks, node_executions: meta.node_executions, elapsed_ms: meta.elapsed_ms, exec_counts };
}

/** Reserve the next execution number of a node (its idempotency key's `n`). */
export function nextExecution(meta: Scheduling, nodeId: string): number {
  const n = (meta.exec_counts[nodeId] ?? 0) + 1;
  meta.exec_counts[nodeId] = n;
  return n;
}

/**
 * Route the outgoing edges of a settled node.
 *
 * 1. Each outgoing edge fires, or dies when the node chose a branch (`branch` is a
 *    boolean for condition/loop nodes) that the edge's value does not match.
 * 2. A fired edge into a non-merge node queues one execution of it.
 * 3. A merge waits until every forward incoming edge has fired or died since its last
 *    activation; then it runs once if any fired, else it is skipped.
 * 4. A node whose forward incoming edges all died is skipped, and its outgoing edges
 *    die in turn (a worklist, so long dead chains cost no recursion).
 * 5. A loop that yields true leaves its other edges undecided (it will run again);
 *    only its final false result kills the body edges.
 * Back-edges (closing a loop) never count toward a barrier or a skip.
 */
export function routeSettled(plan: RunPlan, meta: Scheduling, nodeId: string, branch: boolean | null): RoutingResult {
  const result: RoutingResult = { queued: [], skipped: [] };
  const dead: GraphEdge[] = [];
  // A loop that continues has not decided its exit yet: its false edges stay undecided.
  const source = plan.index.nodes.get(nodeId);
  const continuing = branch === true && source !== undefined && kindOf(source).edges === "loop";
  for (const edge of plan.index.outgoing.get(nodeId) ?? []) {
    const fires = branch === null || edgeBranchValue(edge) === branch;
    if (fires) markFired(plan, meta, edge, result);
    else if (!continuing) dead.push(edge);
  }
  for (let i = 0; i < dead.length; i++) {
    const skippedNode = markDead(plan, meta, dead[i], result);
    if (skippedNode !== null) dead.push(...(plan.index.outgoing.get(skippedNode) ?? []));
  }
  return result;
}

function markFired(plan: RunPlan, meta: Scheduling, edge: GraphEdge, result: RoutingResult): void {
  const target = plan.index.nodes.get(edge.target);
  if (!target) return;
  if (!isBarrier(target) || plan.backEdges.has(edge.id)) {
    delete meta.marks[target.id];
    result.queued.push({ node_id: target.id, n: nextExecution(meta, target.id), edge_id: edge.id });
    return;
  }
  const marks = (meta.marks[target.id] ??= {});
  marks[edge.id] = "fired";
  settleBarrier(plan, meta, target.id, result);
}

/** Returns the id of a node this death skipped, so its outgoing edges die too. */
function markDead(plan: RunPlan, meta: Scheduling, edge: GraphEdge, result: RoutingResult): string | null {
  const target = plan.index.nodes.get(edge.target);
  if (!target || plan.backEdges.has(edge.id)) return null;
  const marks = (meta.marks[target.id] ??= {});
  marks[edge.id] = "dead";
  if (isBarrier(target)) return settleBarrier(plan, meta, target.id, result);
  const forward = plan.forwardIncoming.get(target.id)!;
  if (!forward.every((e) => marks[e.id] === "dead")) return null;
  delete meta.marks[target.id];
  result.skipped.push(target.id);
  return target.id;
}

const isBarrier = (node: GraphNode) => kindOf(node).join === "barrier";

/** Run or skip a barrier (a merge) once all its forward incoming edges are marked. Returns the id when skipped. */
function settleBarrier(plan: RunPlan, meta: Scheduling, mergeId: string, result: RoutingResult): string | null {
  const marks = meta.marks[mergeId]!;
  const forward = plan.forwardIncoming.get(mergeId)!;
  let anyFired = false;
  for (const e of forward) {
    const mark = marks[e.id];
    if (mark === undefined) return null;
    if (mark === "fired") anyFired = true;
  }
  delete meta.marks[mergeId];
  if (anyFired) {
    result.queued.push({ node_id: mergeId, n: nextExecution(meta, mergeId) });
    return null;
  }
  result.skipped.push(mergeId);
  return mergeId;
}
