/**
 * The `set` tool: returns its rendered params, so a tool node with `output_key`
 * (or none, merging the result) writes computed values into state.
 */
import { defineTool, z } from "./define-tool";
import type { ToolDefinition } from "./types";

export const setParams = z.record(z.string(), z.unknown()).describe("Fields to set; values may use templates");

export type SetParams = z.infer<typeof setParams>;

export const setTool: ToolDefinition<SetParams, SetParams> = defineTool({
  name: "set",
  description: "Return the given fields (after templating) so they are written to state.",
  params: setParams,
  async run(params) {
    return params;
  },
});
