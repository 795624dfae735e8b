import { getActor, withErrors } from "@/lib/http";
import { describeMe } from "@/lib/services/account";

export const dynamic = "force-dynamic";

/** Who this request is, with the role's permissions (the pages show only what they allow). */
export const GET = withErrors(async (request: Request) => Response.json(describeMe(getActor(request)), { headers: { "cache-control": "no-store" } }));
