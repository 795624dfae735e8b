"use client";
import { useState } from "react";
import { TextArea } from "@/components/ui/field";

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

function sameJson(text: string, value: unknown): boolean {
  try {
    return pretty(JSON.parse(text)) === pretty(value);
  } catch {
    return false;
  }
}

/**
 * Edits a JSON object as text. Invalid text shows its parse error and is not applied;
 * an outside change (undo, another field) replaces the text.
 */
export function JsonInput({
  value,
  onChange,
  rows = 6,
  testId,
  label,
}: {
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  rows?: number;
  testId?: string;
  /** The field's accessible name, when no <label> points at it. */
  label?: string;
}) {
  const [text, setText] = useState(() => pretty(value));
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // An outside change (undo, another field): show it unless the text already means it.
    setSeen(value);
    if (!sameJson(text, value)) {
      setText(pretty(value));
      setError(null);
    }
  }
  return (
    <div className="space-y-1">
      <TextArea
        rows={rows}
        value={text}
        invalid={error !== null}
        spellCheck={false}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed: unknown = JSON.parse(e.target.value);
            if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("must be a JSON object");
            setError(null);
            onChange(parsed as Record<string, unknown>);
          } catch (err) {
            setError(err instanceof Error ? err.message : "invalid JSON");
          }
        }}
      />
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  );
}
