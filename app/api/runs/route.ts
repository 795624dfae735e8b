import { parsePagination, parseQuery, withErrors } from "@/lib/api";
import { runListQuery } from "@/lib/services/run-params";
import { listRuns } from "@/lib/services/runs";

export const dynamic = "force-dynamic";

/** All runs newest first; filters `?status=` and `?workflow_id=`. */
export const GET = withErrors(async (request: Request) => {
  const { status, workflow_id } = parseQuery(request.url, runListQuery, ["status", "workflow_id"]);
  return Response.json(listRuns({ workflowId: workflow_id, status }, parsePagination(request.url)));
});
