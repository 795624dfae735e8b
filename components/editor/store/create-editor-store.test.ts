import { describe, expect, it } from "vitest";
import type { Graph } from "@/engine/graph/schema";
import { flowToGraph } from "../graph-mapping";
import { COALESCE_MS, createEditorStore, isDirty } from "./create-editor-store";

const empty: Graph = { nodes: [], edges: [] };

function setup(graph: Graph = empty) {
  let clock = 0;
  const store = createEditorStore({ id: "wf", name: "Demo", version: 1, graph }, () => clock);
  const tick = (ms: number) => (clock += ms);
  const undo = () => store.temporal.getState().undo();
  const redo = () => store.temporal.getState().redo();
  const graphOf = () => flowToGraph(store.getState().nodes, store.getState().edges);
  return { store, tick, undo, redo, graphOf };
}

describe("editor store", () => {
  it("adds nodes with readable ids and their kind's default config", () => {
    const { store, graphOf } = setup();
    const a = store.getState().addNodeOfType("agent", { x: 10, y: 20 });
    const b = store.getState().addNodeOfType("agent", { x: 30, y: 40 });
    expect([a, b]).toEqual(["agent_1", "agent_2"]);
    expect(graphOf().nodes[0]).toEqual({ id: "agent_1", type: "agent", position: { x: 10, y: 20 }, config: { model: "mock", user_message: "" } });
    expect(store.getState().nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(["agent_2"]);
  });

  it("connects a condition's handles with their condition value and label", () => {
    const { store, graphOf } = setup();
    const c = store.getState().addNodeOfType("condition", { x: 0, y: 0 });
    const t = store.getState().addNodeOfType("tool", { x: 0, y: 0 });
    const m = store.getState().addNodeOfType("merge", { x: 0, y: 0 });
    store.getState().connect({ source: c, target: t, sourceHandle: "true", targetHandle: null });
    store.getState().connect({ source: c, target: m, sourceHandle: "false", targetHandle: null });
    store.getState().connect({ source: c, target: m, sourceHandle: "false", targetHandle: null });
    store.getState().connect({ source: t, target: t, sourceHandle: null, targetHandle: null });
    expect(graphOf().edges).toEqual([
      { id: "e1", source: c, target: t, condition_value: "true", label: "true" },
      { id: "e2", source: c, target: m, condition_value: "false", label: "false" },
    ]);
  });

  it("undoes and redoes one verb at a time", () => {
    const { store, undo, redo, graphOf } = setup();
    store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    store.getState().addNodeOfType("tool", { x: 0, y: 0 });
    undo();
    expect(graphOf().nodes.map((n) => n.id)).toEqual(["agent_1"]);
    redo();
    expect(graphOf().nodes.map((n) => n.id)).toEqual(["agent_1", "tool_1"]);
  });

  it("does not record selection or measurement changes as undo steps", () => {
    const { store } = setup();
    const id = store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    const before = store.temporal.getState().pastStates.length;
    store.getState().clearSelection();
    store.getState().selectNode(id);
    store.getState().onNodesChange([{ id, type: "dimensions", dimensions: { width: 200, height: 80 } }]);
    expect(store.temporal.getState().pastStates.length).toBe(before);
  });

  it("groups a burst of typing in one field into one undo step", () => {
    const { store, tick, undo, graphOf } = setup();
    const id = store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    for (const text of ["H", "Hi", "Hi!"]) {
      store.getState().updateNodeConfig<"agent">(id, { user_message: text });
      tick(200);
    }
    tick(COALESCE_MS);
    store.getState().updateNodeConfig<"agent">(id, { user_message: "Hi!!" });
    undo();
    expect(graphOf().nodes[0].config).toMatchObject({ user_message: "Hi!" });
    undo();
    expect(graphOf().nodes[0].config).toMatchObject({ user_message: "" });
  });

  it("records a whole drag as one undo step", () => {
    const { store, undo, graphOf } = setup();
    const id = store.getState().addNodeOfType("merge", { x: 0, y: 0 });
    const move = (x: number, dragging: boolean) => store.getState().onNodesChange([{ id, type: "position", position: { x, y: 0 }, dragging }]);
    move(10, true);
    move(20, true);
    move(30, false);
    expect(graphOf().nodes[0].position).toEqual({ x: 30, y: 0 });
    undo();
    expect(graphOf().nodes[0].position).toEqual({ x: 0, y: 0 });
  });

  it("commits a drag the canvas buffered as one undo step", () => {
    const { store, undo, graphOf } = setup();
    const id = store.getState().addNodeOfType("merge", { x: 0, y: 0 });
    const moved = store.getState().nodes.map((n) => (n.id === id ? { ...n, position: { x: 40, y: 8 } } : n));
    store.getState().commitDrag(moved);
    expect(graphOf().nodes[0].position).toEqual({ x: 40, y: 8 });
    undo();
    expect(graphOf().nodes[0].position).toEqual({ x: 0, y: 0 });
  });

  it("deletes the selection with its edges in one undoable step", () => {
    const { store, undo, graphOf } = setup();
    const a = store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    const b = store.getState().addNodeOfType("merge", { x: 0, y: 0 });
    store.getState().connect({ source: a, target: b, sourceHandle: null, targetHandle: null });
    store.getState().selectNode(a);
    store.getState().deleteSelection();
    expect(graphOf()).toEqual({ nodes: [expect.objectContaining({ id: b })], edges: [] });
    undo();
    expect(graphOf().edges).toHaveLength(1);
  });

  it("lays out in a single undo step, deterministically", () => {
    const { store, undo, graphOf } = setup();
    const a = store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    const b = store.getState().addNodeOfType("merge", { x: 0, y: 0 });
    store.getState().connect({ source: a, target: b, sourceHandle: null, targetHandle: null });
    store.getState().autoLayout();
    const first = graphOf();
    expect(first.nodes[1].position.x).toBeGreaterThan(first.nodes[0].position.x);
    store.getState().autoLayout();
    expect(graphOf()).toEqual(first);
    undo();
    expect(graphOf().nodes.map((n) => n.position)).toEqual([{ x: 0, y: 0 }, { x: 0, y: 0 }]);
  });

  it("marks changes unsaved until saved, and clean again after undoing back", () => {
    const { store, undo } = setup();
    expect(isDirty(store.getState())).toBe(false);
    store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    expect(isDirty(store.getState())).toBe(true);
    undo();
    expect(isDirty(store.getState())).toBe(false);
    store.getState().renameWorkflow("Other");
    expect(isDirty(store.getState())).toBe(true);
    const s = store.getState();
    s.markSaved({ version: 2, name: s.name, nodes: s.nodes, edges: s.edges });
    expect(isDirty(store.getState())).toBe(false);
    expect(store.getState().version).toBe(2);
  });

  it("pastes copies with fresh ids and remapped edges", () => {
    const { store, graphOf } = setup();
    const a = store.getState().addNodeOfType("condition", { x: 0, y: 0 });
    const b = store.getState().addNodeOfType("agent", { x: 100, y: 0 });
    store.getState().connect({ source: a, target: b, sourceHandle: "true", targetHandle: null });
    store.getState().selectAll();
    expect(store.getState().copySelection()).toBe(true);
    store.getState().pasteClipboard();
    const g = graphOf();
    expect(g.nodes.map((n) => n.id)).toEqual(["condition_1", "agent_1", "condition_2", "agent_2"]);
    expect(g.nodes[2].position).toEqual({ x: 40, y: 40 });
    expect(g.edges[1]).toEqual({ id: "e2", source: "condition_2", target: "agent_2", condition_value: "true", label: "true" });
    expect(store.getState().nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(["condition_2", "agent_2"]);
  });

  it("moves an edge to the matching branch handle when its condition value changes", () => {
    const { store } = setup();
    const c = store.getState().addNodeOfType("loop", { x: 0, y: 0 });
    const m = store.getState().addNodeOfType("merge", { x: 0, y: 0 });
    store.getState().connect({ source: c, target: m, sourceHandle: "true", targetHandle: null });
    store.getState().updateEdge("e1", { condition_value: "false" });
    expect(store.getState().edges[0]).toMatchObject({ sourceHandle: "false", data: { condition_value: "false", label: "true" } });
  });

  it("indexes validation issues by node and edge without touching configs", () => {
    const { store } = setup();
    const id = store.getState().addNodeOfType("tool", { x: 0, y: 0 });
    const config = store.getState().nodes[0].data.config;
    store.getState().setValidation({
      errors: [{ code: "unknown_tool", message: "no such tool", node_id: id }],
      warnings: [{ code: "edge_never_fires", message: "never fires", edge_id: "e9" }],
    });
    expect(store.getState().issues.byNode[id]).toEqual([{ code: "unknown_tool", message: "no such tool", node_id: id, severity: "error" }]);
    expect(store.getState().issues.byEdge.e9[0].severity).toBe("warning");
    expect(store.getState().nodes[0].data.config).toBe(config);
  });
});

describe("updateNodeConfig", () => {
  it("removes keys patched to undefined", () => {
    const { store, graphOf } = setup();
    const id = store.getState().addNodeOfType("agent", { x: 0, y: 0 });
    store.getState().updateNodeConfig<"agent">(id, { temperature: 0.5 });
    store.getState().updateNodeConfig<"agent">(id, { temperature: undefined });
    expect(graphOf().nodes[0].config).toEqual({ model: "mock", user_message: "" });
  });
});
