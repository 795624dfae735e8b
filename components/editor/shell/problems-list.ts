"use client";
import { create } from "zustand";

/**
 * Whether the editor's list of validation problems is open: the panel over the canvas
 * shows it, and the toolbar's "Fix n errors" (beside a Run that errors hold back) opens it.
 */
export const useProblemsList = create<{ open: boolean; setOpen: (open: boolean) => void; toggle: () => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((s) => ({ open: !s.open })),
}));

/** Whether the only problem is an empty canvas: a hint to give, not an error to fix. */
export const onlyEmptyCanvas = (errors: readonly { code: string }[]): boolean => errors.length === 1 && errors[0].code === "empty_graph";
