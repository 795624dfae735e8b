"use client";
import { useEffect, useState } from "react";
import { Button } from "./button";
import { Icon, ICONS } from "./icon";

/** "Copy" for `text` (named "Copy <what>" to screen readers), saying for a moment that it did. */
export function CopyButton({ text, what, testId }: { text: string; what: string; testId?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => navigator.clipboard.writeText(text).then(() => setState("copied"), () => setState("failed"));
  return (
    <>
      <Button size="sm" onClick={copy} data-testid={testId}>
        <Icon d={state === "copied" ? ICONS.check : ICONS.copy} />
        Copy<span className="sr-only"> {what}</span>
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? `${what} copied` : state === "failed" ? `${what} could not be copied` : ""}
      </span>
    </>
  );
}
