import { ApiError, issuesOf, parsePagination, withErrors } from "@/lib/api";
import { listAudit } from "@/lib/services/audit";
import { auditFilterQuery } from "@/lib/services/audit-params";

export const dynamic = "force-dynamic";

/** The audit trail newest first; `?action=`, `?target_type=&target_id=` filter it. */
export const GET = withErrors(async (request: Request) => {
  const url = new URL(request.url);
  const query = auditFilterQuery.safeParse({
    action: url.searchParams.get("action") ?? undefined,
    target_type: url.searchParams.get("target_type") ?? undefined,
    target_id: url.searchParams.get("target_id") ?? undefined,
  });
  if (!query.success) throw new ApiError("invalid_query", undefined, { issues: issuesOf(query.error) });
  return Response.json(await listAudit({ query: query.data, page: parsePagination(url) }));
});
