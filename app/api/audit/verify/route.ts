import { parseQuery, withErrors } from "@/lib/http";
import { verifyAudit, verifyNewAudit } from "@/lib/services/audit";
import { auditVerifyQuery } from "@/lib/services/audit-params";

export const dynamic = "force-dynamic";

/**
 * Recomputes the audit hash chain: `{ok, checked, first_bad_seq?, message?, scope,
 * full_check_at?}`. `?scope=new` checks only the rows appended since the last check.
 */
export const GET = withErrors(async (request: Request) => {
  const { scope } = parseQuery(request.url, auditVerifyQuery, ["scope"]);
  return Response.json(await (scope === "new" ? verifyNewAudit() : verifyAudit()));
});
