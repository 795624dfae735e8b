import "server-only";
/**
 * The approvals inbox: the runs parked at a human gate that the asking person (or key) may
 * approve now, oldest first — by the engine's own rule (lib/services/gate-access.ts), so
 * the list and the navigation's count never offer a gate that would refuse them.
 */
import { decodeCursor, toPage, type Actor, type Page, type PageRequest } from "@/lib/http";
import { storage, type ApprovalRow } from "@/lib/db";
import { z } from "zod";
import { NUL_RULE, withoutNul } from "@/engine/graph/plain-text";
import { gateAccess, type GateAccess } from "./gate-access";
import type { ApprovalItemAnswer } from "./approval-answers";
import { toGateDto } from "./run-dto";
import { isoTime } from "@/lib/db/timestamps";

const cursor = z.object({ created_at: z.string().max(100), id: z.string().max(100).refine(withoutNul, NUL_RULE) });

/** Rows read at a time while looking for a page of gates the person may decide. */
const SCAN_BATCH = 200;

interface Decidable {
  row: ApprovalRow;
  access: GateAccess;
}

export async function listApprovals(page: PageRequest, actor: Actor, now = Date.now()): Promise<Page<ApprovalItemAnswer>> {
  let after = page.cursor ? decodeCursor(page.cursor, cursor) : undefined;
  const mine: Decidable[] = [];
  // Who may decide lives in each run's pending gate (JSON), so rows are filtered here: read
  // in batches until the page and one more (to know a next page exists) are found.
  const batch = Math.max(SCAN_BATCH, page.limit + 1);
  for (;;) {
    const rows = await storage().runs.approvals({ after, limit: batch });
    for (const row of rows) {
      const access = gateAccess(row.run, actor);
      if (access?.may_decide) mine.push({ row, access });
      if (mine.length > page.limit) break;
    }
    if (mine.length > page.limit || rows.length < batch) break;
    const last = rows[rows.length - 1];
    after = { created_at: last.created_key, id: last.run.id };
  }
  return toPage(
    mine,
    page.limit,
    ({ row: r, access }): ApprovalItemAnswer => ({
      run_id: r.run.id,
      workflow_id: r.run.workflow_id,
      workflow_name: r.workflow_name,
      workflow_version: r.run.workflow_version,
      pending_gate: r.run.pending_gate && { ...toGateDto(r.run.pending_gate)!, ...access },
      run_created_at: isoTime(r.run.created_at),
      waiting_since: isoTime(r.waiting_since),
      waited_ms: r.waiting_since === null ? null : Math.max(0, now - r.waiting_since),
    }),
    ({ row }) => ({ created_at: row.created_key, id: row.run.id }),
  );
}
