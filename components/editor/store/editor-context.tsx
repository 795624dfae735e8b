"use client";
/**
 * The provider that gives each mounted editor its own store, and the hooks that read it.
 * `useEditorStore` throws outside a provider so a missing one fails loudly.
 */
import { createContext, useContext, useState, type ReactNode } from "react";
import type { TemporalState } from "zundo";
import { useStore } from "zustand";
import { createEditorStore, type EditorStore } from "./create-editor-store";
import type { EditorState, LoadedWorkflow, TrackedState } from "./editor-state";

const EditorStoreContext = createContext<EditorStore | null>(null);

export function EditorStoreProvider({ workflow, children }: { workflow: LoadedWorkflow; children: ReactNode }) {
  const [store] = useState(() => createEditorStore(workflow));
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

/** The store object itself, for event handlers that read state without subscribing. */
export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore must be used inside <EditorStoreProvider>");
  return store;
}

/** Subscribes to a slice of the editor state; re-renders only when the slice changes. */
export function useEditorStore<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStoreApi(), selector);
}

/** Subscribes to the undo/redo history. */
export function useEditorHistory<T>(selector: (state: TemporalState<TrackedState>) => T): T {
  return useStore(useEditorStoreApi().temporal, selector);
}
