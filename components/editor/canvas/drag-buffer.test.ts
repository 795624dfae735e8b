import type { NodeChange } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import type { WorkflowNode } from "../flow-types";
import { routeNodeChanges } from "./drag-buffer";

const node = (id: string, x: number): WorkflowNode => ({ id, type: "merge", position: { x, y: 0 }, data: { config: {} } }) as WorkflowNode;
const stored = [node("a", 0), node("b", 100)];
const move = (x: number, dragging: boolean): NodeChange<WorkflowNode>[] => [{ id: "a", type: "position", position: { x, y: 0 }, dragging }];

describe("routeNodeChanges", () => {
  it("leaves changes outside a drag to the store", () => {
    expect(routeNodeChanges(null, stored, [{ id: "a", type: "select", selected: true }])).toEqual({ kind: "store" });
    expect(routeNodeChanges(null, stored, move(5, false))).toEqual({ kind: "store" });
  });

  it("keeps a drag in the canvas copy, starting from the stored nodes and reusing untouched ones", () => {
    const first = routeNodeChanges(null, stored, move(10, true));
    expect(first.kind).toBe("live");
    if (first.kind !== "live") return;
    expect(first.nodes[0].position).toEqual({ x: 10, y: 0 });
    expect(first.nodes[1]).toBe(stored[1]);
    expect(stored[0].position).toEqual({ x: 0, y: 0 });

    const second = routeNodeChanges(first.nodes, stored, move(20, true));
    expect(second.kind === "live" && second.nodes[0].position).toEqual({ x: 20, y: 0 });
  });

  it("commits the drag's result on drop, including changes made to the copy mid-drag", () => {
    const live = routeNodeChanges(null, stored, move(10, true));
    if (live.kind !== "live") throw new Error("expected a live drag");
    const measured = routeNodeChanges(live.nodes, stored, [{ id: "b", type: "dimensions", dimensions: { width: 240, height: 80 } }]);
    if (measured.kind !== "live") throw new Error("a change mid-drag stays in the copy");
    const end = routeNodeChanges(measured.nodes, stored, move(30, false));
    expect(end.kind).toBe("commit");
    if (end.kind !== "commit") return;
    expect(end.nodes[0]).toMatchObject({ position: { x: 30, y: 0 }, dragging: false });
    expect(end.nodes[1].measured).toEqual({ width: 240, height: 80 });
  });
});
