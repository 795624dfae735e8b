/**
 * The run store as the engine of a process writes through it: every write carries this
 * process's lease id as its fence (engine/ports RunWrite.fence), so once another process has
 * taken a run over, nothing this one still had in flight for it lands.
 */
import type { RunStore } from "@/engine/ports";

export function fencedRunStore(store: RunStore, holder: string): RunStore {
  return {
    createRun: (run) => store.createRun(run),
    loadRun: (runId) => store.loadRun(runId),
    commit: (write) => store.commit({ ...write, fence: holder }),
    getRun: (runId) => store.getRun(runId),
    listSteps: (runId) => store.listSteps(runId),
    listCheckpoints: (runId) => store.listCheckpoints(runId),
    getCheckpoint: (runId, seq) => store.getCheckpoint(runId, seq),
    listEvents: (runId, afterSeq) => store.listEvents(runId, afterSeq),
  };
}
