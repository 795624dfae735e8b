/** What every backend's run host store reads beyond the engine's store contract (engine/store/contract.ts). */
import { expect, it } from "vitest";
import { checkpoint, newRun, step } from "@/engine/store/contract-fixtures";
import type { RunHostStore } from "../ports";

/** `withStore` runs a test on a fresh store whose database has workflow `wf`. */
export function runHostReadsContract(withStore: (test: (store: RunHostStore) => Promise<void>) => Promise<void>): void {
  it("reads a run's steps and its checkpoints' sizes together as it reads each alone", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      for (let seq = 1; seq <= 3; seq++) {
        await store.commit({ run_id: "r1", steps: [step("r1", seq, { input_checkpoint: seq })], checkpoint: checkpoint("r1", seq, { n: seq, pad: "p".repeat(100 * seq) }, seq === 1 ? null : ["n", "pad"]) });
      }
      const together = await store.stepsAndSizes("r1");
      expect(together).toEqual({ steps: await store.listSteps("r1"), sizes: await store.checkpointSizes("r1") });
      expect(together.steps.map((s) => s.seq)).toEqual([1, 2, 3]);
      expect(together.sizes.map((s) => [s.seq, s.state_bytes])).toEqual([1, 2, 3].map((seq) => [seq, expect.any(Number)]));
      expect(await store.stepsAndSizes("nope")).toEqual({ steps: [], sizes: [] });
    });
  });

  it("reads the checkpoints' states with them when their stored states fit the bound, and leaves them out when not", async () => {
    await withStore(async (store) => {
      await store.createRun(newRun("r1", "wf"));
      for (let seq = 1; seq <= 3; seq++) {
        await store.commit({ run_id: "r1", steps: [step("r1", seq, { input_checkpoint: seq })], checkpoint: checkpoint("r1", seq, { n: seq, pad: "p".repeat(100 * seq) }, seq === 1 ? null : ["n", "pad"]) });
      }
      const states = await store.listCheckpointStates("r1");
      const { sizes } = await store.stepsAndSizes("r1");
      const stored = sizes.reduce((total, s) => total + s.state_bytes, 0);
      expect(await store.stepsAndSizes("r1", stored)).toEqual({ steps: await store.listSteps("r1"), sizes, states });
      expect((await store.stepsAndSizes("r1", stored)).states?.get(3)).toMatchObject({ n: 3, pad: "p".repeat(300) });
      expect(await store.stepsAndSizes("r1", stored - 1)).toEqual({ steps: await store.listSteps("r1"), sizes });
      expect(await store.stepsAndSizes("r1")).toEqual({ steps: await store.listSteps("r1"), sizes });
      expect(await store.stepsAndSizes("nope", 1_000)).toEqual({ steps: [], sizes: [], states: new Map() });
    });
  });
}
