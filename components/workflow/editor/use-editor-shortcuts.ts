"use client";
import { useEffect } from "react";
import { useEditorStoreApi } from "../store/editor-context";

/** True when the key press belongs to a text field, where the browser's own editing wins. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']") !== null;
}

/**
 * Editor keyboard shortcuts. Ctrl/Cmd+S saves from anywhere (and keeps the browser's
 * "save page" away); the others stay out of text fields so typing behaves normally.
 */
export function useEditorShortcuts(save: () => void, readOnly = false) {
  const store = useEditorStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === "s") {
        e.preventDefault();
        if (!readOnly) save();
        return;
      }
      if (isTypingTarget(e.target) || document.querySelector("dialog[open]")) return;
      const s = store.getState();
      const history = store.temporal.getState();
      let handled = true;
      // Read-only: copying and selecting stay; nothing that changes the graph.
      if (readOnly) {
        if (mod && key === "c") handled = s.copySelection();
        else if (mod && key === "a") s.selectAll();
        else handled = false;
        if (handled) e.preventDefault();
        return;
      }
      if (mod && key === "z" && !e.shiftKey) history.undo();
      else if (mod && ((key === "z" && e.shiftKey) || key === "y")) history.redo();
      else if (mod && key === "c") handled = s.copySelection();
      else if (mod && key === "v") s.pasteClipboard();
      else if (mod && key === "a") s.selectAll();
      else if (!mod && (e.key === "Delete" || e.key === "Backspace")) s.deleteSelection();
      else handled = false;
      if (handled) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, save, readOnly]);
}
