import { ApiError, issuesOf, withErrors } from "@/lib/api";
import { spendQuery, spendReport } from "@/lib/services/spend";

export const dynamic = "force-dynamic";

/** Spend per workflow, model, node and day over `?period=24h|7d|30d|all` (default 30d). */
export const GET = withErrors(async (request: Request) => {
  const url = new URL(request.url);
  const q = spendQuery.safeParse({ period: url.searchParams.get("period") ?? undefined });
  if (!q.success) throw new ApiError("invalid_query", undefined, { issues: issuesOf(q.error) });
  return Response.json(spendReport(q.data.period));
});
