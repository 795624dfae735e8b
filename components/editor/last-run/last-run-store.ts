"use client";
import { createStore } from "zustand/vanilla";
import type { StepView } from "@/lib/client/run-types";
import type { RunStatus } from "@/lib/client/types";
import { latestStepByNode } from "./last-run-view";

/** Finding the run to show: its id once known, or that there is none (or it failed to load). */
export type LastRunFind = { kind: "idle" } | { kind: "finding" } | { kind: "none" } | { kind: "error"; message: string } | { kind: "run"; id: string };

export interface LastRunState {
  find: LastRunFind;
  status: RunStatus | null;
  /** Each node's latest step in the run, as last streamed. */
  byNode: Record<string, StepView>;
  setFind: (find: LastRunFind) => void;
  setRun: (status: RunStatus, steps: Readonly<Record<string, StepView>>) => void;
}

/** One per mounted editor: the run shown on its canvas. Never saved: it is a view. */
export function createLastRunStore() {
  return createStore<LastRunState>()((set) => ({
    find: { kind: "idle" },
    status: null,
    byNode: {},
    // Another run (or none): the statuses of the one shown before go with it.
    setFind: (find) => set((s) => (find.kind === "run" && s.find.kind === "run" && s.find.id === find.id ? { find } : { find, status: null, byNode: {} })),
    setRun: (status, steps) => set({ status, byNode: latestStepByNode(steps) }),
  }));
}

export type LastRunStore = ReturnType<typeof createLastRunStore>;
