"use client";
import { createContext, useContext, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createLastRunStore, type LastRunState, type LastRunStore } from "./last-run-store";

const LastRunContext = createContext<LastRunStore | null>(null);
/** Node views also draw the run page's canvas, which has no last run: they read this empty one. */
const NO_RUN = createLastRunStore();

export function LastRunProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLastRunStore);
  return <LastRunContext.Provider value={store}>{children}</LastRunContext.Provider>;
}

export function useLastRunApi(): LastRunStore {
  return useContext(LastRunContext) ?? NO_RUN;
}

/** Subscribes to a slice of the last run shown in this editor. */
export function useLastRun<T>(selector: (s: LastRunState) => T): T {
  return useStore(useLastRunApi(), selector);
}
