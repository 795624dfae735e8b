import "server-only";
/** The approvals inbox: every run parked at a human gate, oldest first. */
import { decodeCursor, toPage, type Page, type PageRequest } from "@/lib/api";
import { listApprovalRows } from "@/lib/db/run-queries";
import { z } from "zod";
import { toGateDto } from "./run-dto";

const cursor = z.object({ created_at: z.string().max(100), id: z.string().max(100) });

export interface ApprovalDto {
  run_id: string;
  workflow_id: string;
  workflow_name: string;
  workflow_version: number;
  pending_gate: ReturnType<typeof toGateDto>;
  run_created_at: string;
  waiting_since: string | null;
  waited_ms: number | null;
}

export function listApprovals(page: PageRequest, now = Date.now()): Page<ApprovalDto> {
  const after = page.cursor ? decodeCursor(page.cursor, cursor) : undefined;
  const rows = listApprovalRows({ after, limit: page.limit + 1 });
  return toPage(
    rows,
    page.limit,
    (r): ApprovalDto => ({
      run_id: r.run.id,
      workflow_id: r.run.workflow_id,
      workflow_name: r.workflow_name,
      workflow_version: r.run.workflow_version,
      pending_gate: toGateDto(r.run.pending_gate),
      run_created_at: new Date(r.run.created_at).toISOString(),
      waiting_since: r.waiting_since === null ? null : new Date(r.waiting_since).toISOString(),
      waited_ms: r.waiting_since === null ? null : Math.max(0, now - r.waiting_since),
    }),
    (r) => ({ created_at: r.created_key, id: r.run.id }),
  );
}
