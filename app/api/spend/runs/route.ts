import { ApiError, issuesOf, withErrors } from "@/lib/api";
import { spendQuery, spendRunList } from "@/lib/services/spend";

export const dynamic = "force-dynamic";

/** The runs behind one spend figure: `?period=` with `workflow_id`, `model` and/or `node_id`. */
export const GET = withErrors(async (request: Request) => {
  const p = new URL(request.url).searchParams;
  const q = spendQuery.safeParse({
    period: p.get("period") ?? undefined,
    workflow_id: p.get("workflow_id") ?? undefined,
    model: p.get("model") ?? undefined,
    node_id: p.get("node_id") ?? undefined,
  });
  if (!q.success) throw new ApiError("invalid_query", undefined, { issues: issuesOf(q.error) });
  return Response.json(spendRunList(q.data));
});
