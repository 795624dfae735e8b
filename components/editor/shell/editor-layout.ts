"use client";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

interface EditorLayout {
  paletteOpen: boolean;
  inspectorOpen: boolean;
  /** The last run's statuses on the canvas and outputs in the inspector. */
  lastRun: boolean;
  togglePalette: () => void;
  toggleInspector: () => void;
  setLastRun: (on: boolean) => void;
}

/** No storage while rendering on the server: the store keeps its defaults there. */
const storage = createJSONStorage(() => (typeof window === "undefined" ? { getItem: () => null, setItem: () => {}, removeItem: () => {} } : window.localStorage));

/**
 * How the person arranged the editor: palette and inspector open or folded to a rail, the
 * last run shown or not. One per browser (localStorage), the same for every workflow, as
 * a person's own preference; never part of a workflow.
 */
export const useEditorLayout = create<EditorLayout>()(
  persist(
    (set) => ({
      paletteOpen: true,
      inspectorOpen: true,
      lastRun: false,
      togglePalette: () => set((s) => ({ paletteOpen: !s.paletteOpen })),
      toggleInspector: () => set((s) => ({ inspectorOpen: !s.inspectorOpen })),
      setLastRun: (lastRun) => set({ lastRun }),
    }),
    { name: "switchyard.editor-layout", storage, partialize: ({ paletteOpen, inspectorOpen, lastRun }) => ({ paletteOpen, inspectorOpen, lastRun }) },
  ),
);
