import { describe, expect, it } from "vitest";
import { NODE_TYPES, type NodeOfType, type NodeType } from "../graph/schema";
import { agentKind } from "./agent";
import { NODE_KINDS } from "./registry";
import type { NodeKind } from "./types";

describe("NODE_KINDS", () => {
  it("has one definition per node type, each under its own type", () => {
    expect(Object.keys(NODE_KINDS).sort()).toEqual([...NODE_TYPES].sort());
    for (const type of NODE_TYPES) expect(NODE_KINDS[type].type).toBe(type);
  });

  it("branches at condition and loop (the loop's false edges waiting while it goes on), waits for every branch only at merge, and parks only at the human gate", () => {
    expect(NODE_TYPES.filter((t) => NODE_KINDS[t].edges === "branch")).toEqual(["condition"]);
    expect(NODE_TYPES.filter((t) => NODE_KINDS[t].edges === "loop")).toEqual(["loop"]);
    expect(NODE_TYPES.filter((t) => NODE_KINDS[t].join === "barrier")).toEqual(["merge"]);
    expect(NODE_TYPES.filter((t) => NODE_KINDS[t].admission === "park")).toEqual(["human_gate"]);
  });

  it("is held complete by the compiler", () => {
    // @ts-expect-error a map missing a kind's definition does not compile
    const partial: { readonly [K in NodeType]: NodeKind<NodeOfType<K>> } = { agent: agentKind };
    expect(partial).toBeDefined();
  });
});
