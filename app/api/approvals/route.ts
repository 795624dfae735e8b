import { getActor, parsePagination, withErrors } from "@/lib/http";
import { listApprovals } from "@/lib/services/approvals";

export const dynamic = "force-dynamic";

/** Runs waiting at a human gate the caller may approve now, oldest first, with how long each has waited. */
export const GET = withErrors(async (request: Request) => Response.json(await listApprovals(parsePagination(request.url), getActor(request))));
