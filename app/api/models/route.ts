import { withErrors } from "@/lib/http";
import { listModels } from "@/lib/services/catalog";

export const dynamic = "force-dynamic";

/** Priced models: `{items:[{id, provider, input_usd_per_mtok, output_usd_per_mtok, cached_input_usd_per_mtok?}]}`. */
export const GET = withErrors(async () => Response.json(listModels()));
