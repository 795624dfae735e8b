"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";

const NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Add a secret (name + value) or, with `fixedName`, replace an existing one's value. */
export function SecretForm({ fixedName, onSubmit, onCancel }: { fixedName?: string; onSubmit: (name: string, value: string) => Promise<void>; onCancel?: () => void }) {
  const [name, setName] = useState(fixedName ?? "");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const nameError = name && !NAME_PATTERN.test(name) ? "Use A-Z, 0-9 and _, starting with a letter." : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit(name, value);
      setValue("");
      if (!fixedName) setName("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-3" data-testid={fixedName ? `secret-update-${fixedName}` : "secret-add"}>
      {!fixedName && (
        <div className="w-64">
          <Field label="Name" htmlFor="secret-name" error={nameError} hint="Used as {secrets.NAME} in http_request">
            <TextInput id="secret-name" value={name} onChange={(e) => setName(e.target.value.toUpperCase())} placeholder="API_TOKEN" invalid={!!nameError} autoComplete="off" />
          </Field>
        </div>
      )}
      <div className="min-w-64 flex-1">
        <Field label={fixedName ? `New value for ${fixedName}` : "Value"} htmlFor={`secret-value-${fixedName ?? "new"}`}>
          <TextInput id={`secret-value-${fixedName ?? "new"}`} type="password" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="new-password" />
        </Field>
      </div>
      {/* Level with the inputs, below their labels, whatever hint or error follows them. */}
      <div className="flex gap-3 pt-5">
        <Button type="submit" variant="primary" disabled={busy || !value || !name || !!nameError}>
          {fixedName ? "Save" : "Add secret"}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
