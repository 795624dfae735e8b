"use client";
import { useEffect } from "react";
import { isDirty } from "../store/create-editor-store";
import { useEditorStoreApi } from "../store/editor-context";

/** Asks the browser to warn before a reload or close while there are unsaved changes. */
export function useUnsavedGuard() {
  const store = useEditorStoreApi();
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!isDirty(store.getState())) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [store]);
}
