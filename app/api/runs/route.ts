import { parsePagination, parseQuery, withErrors } from "@/lib/http";
import { runListQuery } from "@/lib/services/run-params";
import { listRuns } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

/** All runs newest first; filters `?status=`, `?workflow_id=` and `?triggered_by=`. */
export const GET = withErrors(async (request: Request) => {
  const { status, workflow_id, triggered_by } = parseQuery(request.url, runListQuery, ["status", "workflow_id", "triggered_by"]);
  return Response.json(await listRuns({ workflowId: workflow_id, status, triggeredBy: triggered_by }, parsePagination(request.url)));
});
