import { parsePagination, parseQuery, withErrors } from "@/lib/http";
import { listAudit } from "@/lib/services/audit";
import { auditFilterQuery } from "@/lib/services/audit-params";

export const dynamic = "force-dynamic";

/** The audit trail newest first; `?action=`, `?target_type=&target_id=` and `?actor_id=` filter it. */
export const GET = withErrors(async (request: Request) => {
  const url = new URL(request.url);
  const query = parseQuery(url, auditFilterQuery, ["action", "target_type", "target_id", "actor_id"]);
  return Response.json(await listAudit({ query, page: parsePagination(url) }));
});
