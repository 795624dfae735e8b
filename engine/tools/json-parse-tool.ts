/** The `json_parse` tool: turns a JSON string (say, a model's reply) into a value. */
import { NodeError, errorMessage } from "../errors";
import { defineTool, z } from "./define-tool";
import type { ToolDefinition } from "./types";

export const jsonParseParams = z.object({
  text: z.string().describe("JSON text to parse"),
});

export type JsonParseParams = z.infer<typeof jsonParseParams>;

export const jsonParseTool: ToolDefinition<JsonParseParams, unknown> = defineTool({
  name: "json_parse",
  description: "Parse JSON text into a value.",
  params: jsonParseParams,
  async run({ text }) {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      // Same input, same result: retrying cannot help.
      throw new NodeError("tool_error", `json_parse: invalid JSON: ${errorMessage(err)}`, { retryable: false, cause: err });
    }
  },
});
