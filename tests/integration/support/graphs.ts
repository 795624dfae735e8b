/** Graph fixtures for integration tests. */

/** A valid two-node graph: a mock agent feeding a `set` tool. */
export function twoNodeGraph(userMessage = "Ticket: {ticket}") {
  return {
    nodes: [
      { id: "classify", type: "agent", position: { x: 0, y: 0 }, config: { label: "Classify", model: "mock", user_message: userMessage, output_key: "category" } },
      { id: "store", type: "tool", position: { x: 200, y: 0 }, config: { label: "Store", tool: "set", params: { result: "{category}" } } },
    ],
    edges: [{ id: "e1", source: "classify", target: "store" }],
  };
}

/** Shape-valid but semantically wrong: a dangling edge and an unknown tool. */
export function brokenGraph() {
  return {
    nodes: [{ id: "a", type: "tool", position: { x: 0, y: 0 }, config: { tool: "no_such_tool", params: {} } }],
    edges: [{ id: "e1", source: "a", target: "ghost" }],
  };
}
