import { z } from "zod";
import { ApiError, issuesOf, withErrors } from "@/lib/api";
import { verifyAudit, verifyNewAudit } from "@/lib/services/audit";

export const dynamic = "force-dynamic";

const verifyQuery = z.object({ scope: z.enum(["full", "new"]).default("full") });

/**
 * Recomputes the audit hash chain: `{ok, checked, first_bad_seq?, message?, scope,
 * full_check_at?}`. `?scope=new` checks only the rows appended since the last check.
 */
export const GET = withErrors(async (request: Request) => {
  const query = verifyQuery.safeParse({ scope: new URL(request.url).searchParams.get("scope") ?? undefined });
  if (!query.success) throw new ApiError("invalid_query", undefined, { issues: issuesOf(query.error) });
  return Response.json(await (query.data.scope === "new" ? verifyNewAudit() : verifyAudit()));
});
