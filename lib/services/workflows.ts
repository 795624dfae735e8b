import "server-only";
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";
import type { Graph } from "@/engine/graph/schema";
import type { ValidationResult } from "@/engine/validate";
import { ApiError, decodeCursor, notFound, toPage, type Actor, type Page, type PageRequest } from "@/lib/http";
import { storage, type StorageTx, type WorkflowRecord } from "@/lib/db";
import { canonicalJson } from "@/lib/db/canonical-json";
import { newId } from "@/lib/db/ids";
import { workflowChannel } from "@/lib/runtime/workflow-channel";
import { secretNames } from "@/lib/secrets/service";
import { validateWorkflowGraph } from "./graph-validation";
import type { WorkflowAnswer, WorkflowSummaryAnswer } from "./workflow-answers";
import { isLayoutOnlyChange } from "./layout-only";

/** A workflow as the API returns it: the live graph plus its validation summary. */
export type WorkflowDto = WorkflowAnswer;

const EMPTY_GRAPH: Graph = { nodes: [], edges: [] };

/** Attaches the validation summary the editor shows next to the graph. */
export async function toWorkflowDto(w: WorkflowRecord): Promise<WorkflowDto> {
  return { ...w, validation: validateWorkflowGraph(w.graph, await secretNames()) };
}

/** The live workflow or a 404 (unknown and soft-deleted look the same). */
export async function requireWorkflow({ id }: { id: string }, tx: StorageTx = storage()): Promise<WorkflowRecord> {
  const found = await tx.workflows.find(id);
  if (!found) throw notFound("workflow not found");
  return found;
}

/** Creates a workflow at version 1, its version-1 snapshot and its audit row, atomically. */
export function createWorkflow(input: { name: string; description?: string; graph?: Graph; actor: Actor }): Promise<WorkflowRecord> {
  return storage().transaction(async (tx) => {
    const id = newId();
    const at = new Date();
    const graph = input.graph ?? EMPTY_GRAPH;
    await tx.workflows.insert({ id, name: input.name, description: input.description ?? "", graph, at });
    await tx.versions.insert({ workflowId: id, version: 1, graph, createdBy: input.actor.id, createdByName: input.actor.name, at });
    await tx.audit.append({ action: "workflow.create", actor: input.actor, targetType: "workflow", targetId: id, details: { name: input.name, version: 1 }, at });
    return requireWorkflow({ id }, tx);
  });
}

const listCursor = z.object({ updated_at: z.string().max(100), id: z.string().max(100).refine(withoutNul, NUL_RULE) });

/** `GET /api/workflows?q=`: a name/description search, at most 200 characters; blank means none. */
export const workflowListQuery = z.object({
  q: z
    .string()
    .max(200, "at most 200 characters")
    .transform((s) => s.trim() || undefined)
    .optional(),
});

/** Live workflows, newest updated first; with `q`, those whose name or description contains it. */
export async function listWorkflows(page: PageRequest, q?: string): Promise<Page<WorkflowSummaryAnswer>> {
  const after = page.cursor ? decodeCursor(page.cursor, listCursor) : undefined;
  const rows = await storage().workflows.list({ limit: page.limit + 1, after, q });
  return toPage(rows, page.limit, (r) => r.summary, (r) => r.position);
}

export interface WorkflowUpdate {
  id: string;
  baseVersion: number;
  name?: string;
  description?: string;
  graph?: Graph;
  /** The saver's note on the new version (ignored when the graph is unchanged). */
  note?: string;
  actor: Actor;
}

/**
 * Saves a workflow (SPEC §8). A stale `baseVersion` is refused with 409 and changes
 * nothing. A changed graph (canonical JSON) becomes a new version with its snapshot — marked
 * layout-only when just node positions moved — and is announced to open editors;
 * name/description edits keep the version; a save that changes nothing writes nothing.
 */
export async function updateWorkflow(input: WorkflowUpdate): Promise<WorkflowRecord> {
  const saved = await storage().transaction(async (tx) => {
    const current = await requireWorkflow({ id: input.id }, tx);
    assertBaseVersion(current, input.baseVersion);
    const graphChanged = input.graph !== undefined && canonicalJson(input.graph) !== canonicalJson(current.graph);
    const fields = [
      ...(input.name !== undefined && input.name !== current.name ? ["name"] : []),
      ...(input.description !== undefined && input.description !== current.description ? ["description"] : []),
      ...(graphChanged ? ["graph"] : []),
    ];
    if (fields.length === 0) return current;
    const at = new Date();
    const version = graphChanged ? current.version + 1 : current.version;
    const graph = graphChanged && input.graph ? input.graph : current.graph;
    const note = graphChanged ? input.note?.trim() || null : null;
    const layoutOnly = graphChanged && isLayoutOnlyChange(current.graph, graph);
    if (graphChanged) await snapshotVersions(tx, current, { version, graph, actor: input.actor, at, note, layoutOnly });
    await tx.workflows.update({ id: current.id, name: input.name ?? current.name, description: input.description ?? current.description, graph, version, at });
    await tx.audit.append({
      action: "workflow.update",
      actor: input.actor,
      targetType: "workflow",
      targetId: current.id,
      details: { fields, from_version: current.version, to_version: version, ...(layoutOnly ? { layout_only: true } : {}), ...(note ? { note } : {}) },
      at,
    });
    return requireWorkflow({ id: current.id }, tx);
  });
  announceSave(saved);
  return saved;
}

/** Tells this process's open editors of the workflow that `saved.version` exists (after commit). */
export function announceSave(saved: WorkflowRecord): void {
  workflowChannel().emit(saved.id, saved.version);
}

/** Soft-deletes a workflow; afterwards every route answers 404 for it. */
export async function deleteWorkflow({ id, actor }: { id: string; actor: Actor }): Promise<void> {
  await storage().transaction(async (tx) => {
    const current = await requireWorkflow({ id }, tx);
    const at = new Date();
    await tx.workflows.markDeleted({ id, at });
    await tx.audit.append({ action: "workflow.delete", actor: actor, targetType: "workflow", targetId: id, details: { name: current.name, version: current.version }, at });
  });
}

/** Validates the stored graph, or `graph` (unsaved editor work) when given. */
export async function validateWorkflow({ id, graph }: { id: string; graph?: Graph }): Promise<ValidationResult> {
  const current = await requireWorkflow({ id });
  return validateWorkflowGraph(graph ?? current.graph, await secretNames());
}

/** 409 with the current version when a save is based on another one. */
export function assertBaseVersion(current: WorkflowRecord, baseVersion: number): void {
  if (baseVersion !== current.version) {
    throw new ApiError("version_conflict", `the workflow is at version ${current.version}, this save is based on version ${baseVersion}`, {
      current_version: current.version,
    });
  }
}

/**
 * Makes sure the outgoing graph is stored at its version (rows written before snapshots
 * existed may lack it), then writes the incoming graph's snapshot.
 */
export async function snapshotVersions(
  tx: StorageTx,
  current: WorkflowRecord,
  next: { version: number; graph: Graph; actor: Actor; at: Date; note?: string | null; layoutOnly?: boolean },
): Promise<void> {
  if (!(await tx.versions.find({ workflowId: current.id, version: current.version }))) {
    await tx.versions.insert({ workflowId: current.id, version: current.version, graph: current.graph, createdBy: next.actor.id, at: new Date(current.updated_at) });
  }
  await tx.versions.insert({
    workflowId: current.id,
    version: next.version,
    graph: next.graph,
    createdBy: next.actor.id,
    createdByName: next.actor.name,
    note: next.note,
    layoutOnly: next.layoutOnly,
    at: next.at,
  });
}
