import { describe, expect, it } from "vitest";
import type { WorkflowEdge, WorkflowNode } from "../flow-types";
import { layoutNodes } from "./auto-layout";

const node = (id: string): WorkflowNode => ({ id, type: "merge", position: { x: 0, y: 0 }, data: { config: {} } });
const edge = (source: string, target: string): WorkflowEdge => ({ id: `${source}-${target}`, source, target, type: "workflow", data: {} });

describe("layoutNodes", () => {
  const nodes = ["a", "b", "c", "d"].map(node);
  const edges = [edge("a", "b"), edge("a", "c"), edge("b", "d"), edge("c", "d")];

  it("places each layer to the right of the previous one", () => {
    const pos = Object.fromEntries(layoutNodes(nodes, edges).map((n) => [n.id, n.position]));
    expect(pos.b.x).toBeGreaterThan(pos.a.x);
    expect(pos.c.x).toBe(pos.b.x);
    expect(pos.b.y).not.toBe(pos.c.y);
    expect(pos.d.x).toBeGreaterThan(pos.b.x);
  });

  it("is deterministic and keeps unmoved nodes as the same objects", () => {
    const once = layoutNodes(nodes, edges);
    const twice = layoutNodes(once, edges);
    expect(twice.map((n) => n.position)).toEqual(once.map((n) => n.position));
    expect(twice[0]).toBe(once[0]);
  });

  it("ignores edges to missing nodes", () => {
    expect(() => layoutNodes(nodes, [...edges, edge("a", "zzz")])).not.toThrow();
  });
});
