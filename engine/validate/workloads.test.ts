import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseGraph } from "../graph/schema";
import { fakeTools } from "./fake-tools";
import { validateGraph } from "./index";

/** The workloads live beside the benchmark harness; the shared copy is the fallback. */
const CANDIDATES = [path.resolve(__dirname, "../../bench/workloads"), "/work/shared/bench/workloads"];
const dir = CANDIDATES.find((d) => existsSync(d));
if (!dir) throw new Error(`benchmark workloads not found in ${CANDIDATES.join(" or ")}`);
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

/**
 * The benchmark graphs are all sound: no errors and no warnings. In loop_50, `body`
 * has two incoming edges (from `start`, and `loop`'s true edge), but the loop edge is
 * a back-edge, which runs on a later pass, so `multiple_incoming` does not apply.
 * The fan-outs join at a merge, and every agent writes its own id.
 */
describe("benchmark workloads", () => {
  it("finds the workloads", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  it.each(files)("%s validates cleanly", (file) => {
    const parsed = parseGraph(JSON.parse(readFileSync(path.join(dir!, file), "utf8")));
    expect(parsed.success).toBe(true);
    const result = validateGraph(parsed.data!, { tools: fakeTools, knownModel: (m) => m === "mock" });
    expect(result).toEqual({ errors: [], warnings: [] });
  });
});
