/** Body schemas of the webhook routes, shared by their handlers and the OpenAPI document. */
import { z } from "zod";

/** `PATCH /api/workflows/{id}/hook`: turn the hook on or off. */
export const patchHookBody = z.object({ enabled: z.boolean().describe("false: calls to the hook answer 404 until it is enabled again") }).strict();

/** A webhook's body is the run's input: a JSON object (an empty body is `{}`). */
export const hookInputBody = z.record(z.string(), z.unknown()).describe("the run's input");
