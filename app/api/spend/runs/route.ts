import { parseQuery, withErrors } from "@/lib/http";
import { spendQuery, spendRunList } from "@/lib/services/spend";

export const dynamic = "force-dynamic";

/** The runs behind one spend figure: `?period=` with `workflow_id`, `model` and/or `node_id`. */
export const GET = withErrors(async (request: Request) => {
  return Response.json(await spendRunList(parseQuery(request.url, spendQuery, ["period", "workflow_id", "model", "node_id"])));
});
