import "server-only";
import type { Graph } from "@/engine/graph/schema";
import { decodeCursor, notFound, toPage, type Actor, type Page, type PageRequest } from "@/lib/http";
import { storage, type VersionRecord, type WorkflowRecord } from "@/lib/db";
import { canonicalJson } from "@/lib/db/canonical-json";
import { z } from "zod";
import { announceSave, assertBaseVersion, requireWorkflow, snapshotVersions } from "./workflows";
import type { VersionAnswer, VersionSummaryAnswer } from "./workflow-answers";

const versionCursor = z.number().int().positive();

/** A workflow's versions, newest first (SPEC §8), without graphs. */
export async function listVersions({ workflowId, page }: { workflowId: string; page: PageRequest }): Promise<Page<VersionSummaryAnswer>> {
  await requireWorkflow({ id: workflowId });
  const beforeVersion = page.cursor ? decodeCursor(page.cursor, versionCursor) : undefined;
  const rows = await storage().versions.list({ workflowId, beforeVersion, limit: page.limit + 1 });
  return toPage(rows, page.limit, (r) => r, (r) => r.version);
}

/** One version whole, with its graph. */
export async function getVersion({ workflowId, version }: { workflowId: string; version: number }): Promise<VersionRecord & VersionAnswer> {
  await requireWorkflow({ id: workflowId });
  const found = await storage().versions.find({ workflowId, version });
  if (!found) throw notFound("version not found");
  return found;
}

/**
 * The graph a run of `version` executes. Runs keep working after the workflow moves on,
 * because every version's graph is stored immutably.
 */
export async function getVersionGraph({ workflowId, version }: { workflowId: string; version: number }): Promise<Graph> {
  return (await getVersion({ workflowId, version })).graph;
}

/**
 * Makes an old version's graph the live graph as a NEW version (audit `workflow.restore`).
 * History is never rewritten. Restoring a graph identical to the live one changes nothing.
 */
export async function restoreVersion(input: { workflowId: string; version: number; baseVersion?: number; actor: Actor }): Promise<WorkflowRecord> {
  const restored = await storage().transaction(async (tx) => {
    const current = await requireWorkflow({ id: input.workflowId }, tx);
    if (input.baseVersion !== undefined) assertBaseVersion(current, input.baseVersion);
    const source = await tx.versions.find({ workflowId: current.id, version: input.version });
    if (!source) throw notFound("version not found");
    if (canonicalJson(source.graph) === canonicalJson(current.graph)) return current;
    const at = new Date();
    const version = current.version + 1;
    await snapshotVersions(tx, current, { version, graph: source.graph, actor: input.actor, at, note: `Restored v${input.version}` });
    await tx.workflows.update({ id: current.id, name: current.name, description: current.description, graph: source.graph, version, at });
    await tx.audit.append({
      action: "workflow.restore",
      actor: input.actor,
      targetType: "workflow",
      targetId: current.id,
      details: { restored_version: input.version, from_version: current.version, to_version: version },
      at,
    });
    return requireWorkflow({ id: current.id }, tx);
  });
  announceSave(restored);
  return restored;
}
