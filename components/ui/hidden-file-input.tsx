"use client";
import type { RefObject } from "react";

/**
 * A hidden JSON file picker, opened through `inputRef.current?.click()`. It hands over
 * the chosen file and clears itself, so choosing the same file again fires again.
 */
export function HiddenFileInput({ inputRef, testId, onFile }: { inputRef: RefObject<HTMLInputElement | null>; testId: string; onFile: (file: File) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="application/json,.json"
      className="hidden"
      data-testid={testId}
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = "";
        if (f) onFile(f);
      }}
    />
  );
}
