/** What every backend's run host store reads beyond the engine's store contract (engine/store/contract.ts). */
import { expect, it } from "vitest";
import { checkpoint, newRun, step } from "@/engine/store/contract-fixtures";
import type { RunHostStore } from "../ports";

/** `withStore` runs a test on a fresh store whose database has workflow `wf`. */
export function runHostReadsContract(withStore: (test: (store: RunHostStore) => Promise<void>) => Promise<void>): void {
  /** A run of three steps, each on a checkpoint of its own (deltas after the first). */
  async function threeSteps(store: RunHostStore): Promise<void> {
    await store.createRun(newRun("r1", "wf"));
    for (let seq = 1; seq <= 3; seq++) {
      await store.commit({ run_id: "r1", steps: [step("r1", seq, { input_checkpoint: seq })], checkpoint: checkpoint("r1", seq, { n: seq, pad: "p".repeat(100 * seq) }, seq === 1 ? null : ["n", "pad"]) });
    }
  }

  it("reads a run back with its workflow's name, its steps and its checkpoints' sizes together, as it reads each alone", async () => {
    await withStore(async (store) => {
      await threeSteps(store);
      const back = await store.readBack("r1");
      expect(back).toEqual({ found: { run: await store.getRun("r1"), workflow_name: expect.any(String), created_key: expect.any(String) }, steps: await store.listSteps("r1"), sizes: await store.checkpointSizes("r1") });
      expect(back.steps.map((s) => s.seq)).toEqual([1, 2, 3]);
      expect(back.sizes.map((s) => [s.seq, s.state_bytes])).toEqual([1, 2, 3].map((seq) => [seq, expect.any(Number)]));
      expect(await store.readBack("nope")).toEqual({ found: null, steps: [], sizes: [] });
    });
  });

  it("reads the checkpoints' states with them when their stored states fit the bound, and leaves them out when not", async () => {
    await withStore(async (store) => {
      await threeSteps(store);
      const states = await store.listCheckpointStates("r1");
      const { found, steps, sizes } = await store.readBack("r1");
      const stored = sizes.reduce((total, s) => total + s.state_bytes, 0);
      expect(await store.readBack("r1", stored)).toEqual({ found, steps, sizes, states });
      expect((await store.readBack("r1", stored)).states?.get(3)).toMatchObject({ n: 3, pad: "p".repeat(300) });
      expect(await store.readBack("r1", stored - 1)).toEqual({ found, steps, sizes });
      expect(await store.readBack("nope", 1_000)).toEqual({ found: null, steps: [], sizes: [], states: new Map() });
    });
  });
}
