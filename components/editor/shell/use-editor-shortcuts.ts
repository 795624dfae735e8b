"use client";
import { useEffect, useRef } from "react";
import { useEditorStoreApi } from "../store/editor-context";
import { runShortcut } from "./shortcut-actions";

/** True when the key press belongs to a text field, where the browser's own editing wins. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']") !== null;
}

/** What the editor shell does for the shortcuts the store cannot do alone. */
export interface ShellActions {
  save: () => void;
  zoomToSelection: () => void;
  togglePalette: () => void;
  toggleInspector: () => void;
  showShortcuts: () => void;
}

/** Editor keyboard shortcuts, as listed in shortcuts.ts, on the store's verbs and the shell's actions. */
export function useEditorShortcuts(shell: ShellActions, readOnly = false) {
  const store = useEditorStoreApi();
  // The latest actions without re-adding the listener on every render.
  const shellRef = useRef(shell);
  useEffect(() => {
    shellRef.current = shell;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const history = store.temporal.getState();
      const where = { readOnly, inField: isTypingTarget(e.target), dialogOpen: document.querySelector("dialog[open]") !== null };
      const handled = runShortcut(e, where, {
        ...shellRef.current,
        undo: () => history.undo(),
        redo: () => history.redo(),
        copy: () => s.copySelection(),
        paste: () => s.pasteClipboard(),
        selectAll: () => s.selectAll(),
        deleteSelection: () => s.deleteSelection(),
      });
      if (handled) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, readOnly]);
}
