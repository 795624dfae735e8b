import { withErrors } from "@/lib/http";
import { listTools } from "@/lib/services/catalog";

export const dynamic = "force-dynamic";

/** Registered tools: `{items:[{name, description, params}]}`. */
export const GET = withErrors(async () => Response.json(listTools()));
