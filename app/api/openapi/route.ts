import { withErrors } from "@/lib/http";
import { openApiDocument } from "@/lib/http/openapi";

export const dynamic = "force-dynamic";

/** The API as an OpenAPI 3.1 document, generated from the routes' zod schemas. */
export const GET = withErrors(async () => Response.json(openApiDocument()));
