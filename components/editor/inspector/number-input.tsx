"use client";
import { useState } from "react";
import { TextInput } from "@/components/ui/field";

/**
 * A number box for an optional config value: empty means "not set" (undefined).
 * Keeps the typed text while it is not a number yet (e.g. "0." or "-").
 */
export function NumberInput({
  value,
  onChange,
  integer = false,
  ...rest
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  integer?: boolean;
  id?: string;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number;
  "data-testid"?: string;
}) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // An outside change (undo, another editor action): show it unless the text already means it.
    setSeen(value);
    if (!(text.trim() !== "" && Number(text) === value)) setText(value === undefined ? "" : String(value));
  }
  return (
    <TextInput
      type="number"
      inputMode={integer ? "numeric" : "decimal"}
      value={text}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        if (t.trim() === "") return onChange(undefined);
        const n = Number(t);
        if (Number.isFinite(n) && (!integer || Number.isInteger(n))) onChange(n);
      }}
      {...rest}
    />
  );
}
