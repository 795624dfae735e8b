import { withErrors } from "@/lib/api";
import { verifyAudit } from "@/lib/services/audit";

export const dynamic = "force-dynamic";

/** Recomputes the audit hash chain: `{ok, checked, first_bad_seq?, message?}`. */
export const GET = withErrors(async () => Response.json(await verifyAudit()));
