import { describe, expect, it } from "vitest";
import type { WorkflowEdge, WorkflowNode } from "../flow-types";
import { copySelection, PASTE_OFFSET, pasteCopies } from "./clipboard";

const node = (id: string, selected: boolean): WorkflowNode => ({ id, type: "merge", position: { x: 10, y: 20 }, selected, data: { config: { label: id } } });
const edge = (id: string, source: string, target: string): WorkflowEdge => ({ id, source, target, type: "workflow", data: {} });

describe("clipboard", () => {
  const nodes = [node("merge_1", true), node("merge_2", true), node("merge_3", false)];
  const edges = [edge("e1", "merge_1", "merge_2"), edge("e2", "merge_2", "merge_3")];

  it("copies selected nodes and only the edges between them", () => {
    const clip = copySelection(nodes, edges)!;
    expect(clip.nodes.map((n) => n.id)).toEqual(["merge_1", "merge_2"]);
    expect(clip.edges.map((e) => e.id)).toEqual(["e1"]);
    expect(clip.nodes[0]).not.toHaveProperty("selected");
  });

  it("returns null when nothing is selected", () => {
    expect(copySelection([node("a", false)], [])).toBeNull();
  });

  it("remaps ids around existing ones and cascades repeated pastes", () => {
    const clip = copySelection(nodes, edges)!;
    const ids = nodes.map((n) => n.id);
    const first = pasteCopies(clip, ids, ["e1", "e2"], 1);
    expect(first.nodes.map((n) => n.id)).toEqual(["merge_4", "merge_5"]);
    expect(first.edges).toEqual([expect.objectContaining({ id: "e3", source: "merge_4", target: "merge_5", selected: false })]);
    const second = pasteCopies(clip, [...ids, "merge_4", "merge_5"], ["e1", "e2", "e3"], 2);
    expect(second.nodes.map((n) => n.id)).toEqual(["merge_6", "merge_7"]);
    expect(second.nodes[0].position).toEqual({ x: 10 + 2 * PASTE_OFFSET, y: 20 + 2 * PASTE_OFFSET });
  });

  it("does not share config objects with the originals", () => {
    const clip = copySelection(nodes, edges)!;
    const { nodes: pasted } = pasteCopies(clip, [], [], 1);
    expect(pasted[0].data.config).toEqual(nodes[0].data.config);
    expect(pasted[0].data.config).not.toBe(nodes[0].data.config);
  });
});
