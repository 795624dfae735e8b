/** Graph fixtures for run tests. */

type Node = { id: string; type: string; position?: { x: number; y: number }; config: Record<string, unknown> };
type Edge = { id: string; source: string; target: string; condition_value?: string };

const at = (i: number) => ({ x: i * 200, y: 0 });

/** A straight line of nodes, each edge from one to the next. */
export function chain(nodes: Node[]): { nodes: Node[]; edges: Edge[] } {
  return {
    nodes: nodes.map((n, i) => ({ position: at(i), ...n })),
    edges: nodes.slice(1).map((n, i) => ({ id: `e${i + 1}`, source: nodes[i].id, target: n.id })),
  };
}

/**
 * agent → human gate (with a required `decision` select field) → set tool using the decision.
 * The suites trigger and decide as one admin (the bootstrap token), so the gate lets the one
 * who triggered the run approve it; approvers.test.ts covers who may decide a gate.
 */
export function gateGraph(timeoutMs?: number) {
  return chain([
    { id: "draft", type: "agent", config: { label: "Draft", model: "mock", user_message: "Reply to {ticket}", output_key: "draft" } },
    {
      id: "review",
      type: "human_gate",
      config: {
        label: "Review",
        prompt: "Approve the draft for {ticket}?",
        fields: [{ name: "decision", type: "select", options: ["send", "hold"], required: true }],
        allow_self_approval: true,
        ...(timeoutMs ? { timeout_ms: timeoutMs } : {}),
      },
    },
    { id: "send", type: "tool", config: { label: "Send", tool: "set", params: { sent: "{decision}" } } },
  ]);
}

/** A loop that runs its body three times (exercises the internal `__loop_*` counter), then a mock agent. */
export function loopGraph() {
  return {
    nodes: [
      { id: "init", type: "tool", position: at(0), config: { tool: "set", params: { n: 0 } } },
      { id: "loop", type: "loop", position: at(1), config: { label: "Three times", expression: "true", max_iterations: 3 } },
      { id: "body", type: "agent", position: at(2), config: { model: "mock", user_message: "iteration", output_key: "last" } },
      { id: "done", type: "tool", position: at(3), config: { tool: "set", params: { finished: "yes" } } },
    ],
    edges: [
      { id: "e1", source: "init", target: "loop" },
      { id: "e2", source: "loop", target: "body", condition_value: "true" },
      { id: "e3", source: "body", target: "loop" },
      { id: "e4", source: "loop", target: "done", condition_value: "false" },
    ],
  };
}

/** One `delay` tool node: a run that stays active for `ms`. */
export function delayGraph(ms: number) {
  return chain([
    { id: "wait", type: "tool", config: { tool: "delay", params: { ms } } },
    { id: "after", type: "tool", config: { tool: "set", params: { done: true } } },
  ]);
}

/** Three mock agents in a row. */
export function agentChain(n = 3) {
  return chain(Array.from({ length: n }, (_, i) => ({ id: `a${i + 1}`, type: "agent", config: { model: "mock", user_message: `step ${i + 1}: {input}` } })));
}

/** An `http_request` POST to `url` (a local counter service in the tests), held up to two minutes. */
export function httpCall(id: string, url: string): Node {
  return { id, type: "tool", config: { tool: "http_request", params: { method: "POST", url, timeout_ms: 120_000 } } };
}

/**
 * start → `branches` parallel chains of `calls` POSTs to `${serviceUrl}/load?delay_ms=…`
 * (nodes `b<branch>c<call>`) → merge → end.
 */
export function parallelCalls(serviceUrl: string, delayMs: number, branches: number, calls: number) {
  const nodes: Node[] = [
    { id: "start", type: "tool", position: { x: 0, y: 0 }, config: { tool: "set", params: { began: true } } },
    { id: "join", type: "merge", position: { x: 200 * (calls + 1), y: 0 }, config: {} },
    { id: "end", type: "tool", position: { x: 200 * (calls + 2), y: 0 }, config: { tool: "set", params: { done: true } } },
  ];
  const edges: Edge[] = [{ id: "join-end", source: "join", target: "end" }];
  for (let b = 0; b < branches; b++) {
    let previous = "start";
    for (let c = 0; c < calls; c++) {
      const id = `b${b}c${c}`;
      nodes.push({ ...httpCall(id, `${serviceUrl}/load?delay_ms=${delayMs}`), position: { x: 200 * (c + 1), y: 150 * b } });
      edges.push({ id: `${previous}-${id}`, source: previous, target: id });
      previous = id;
    }
    edges.push({ id: `${previous}-join`, source: previous, target: "join" });
  }
  return { nodes, edges };
}
