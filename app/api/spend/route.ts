import { parseQuery, withErrors } from "@/lib/http";
import { spendQuery, spendReport } from "@/lib/services/spend";

export const dynamic = "force-dynamic";

/** Spend per workflow, model, node and day over `?period=24h|7d|30d|all` (default 30d). */
export const GET = withErrors(async (request: Request) => {
  const { period } = parseQuery(request.url, spendQuery, ["period"]);
  return Response.json(await spendReport(period));
});
