import { describe, expect, it } from "vitest";
import { nodeOutputKey } from "./output-key";
import { graphFixture } from "./graph-fixture";

describe("nodeOutputKey", () => {
  it("uses output_key, else the node id, for agents and tools only", () => {
    const g = graphFixture("a t:tool k c:condition", "", { k: { model: "mock", output_key: "reply" } });
    expect(g.nodes.map(nodeOutputKey)).toEqual(["a", "t", "reply", null]);
  });
});
