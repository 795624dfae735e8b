"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";

/** Asks for a workflow name (and, when creating, a description); used for create and rename. */
export function NameDialog({
  title,
  submitLabel,
  initialName = "",
  withDescription = false,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  withDescription?: boolean;
  onSubmit: (name: string, description: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return setError("Give the workflow a name.");
    setBusy(true);
    try {
      await onSubmit(name.trim(), description.trim());
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work");
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      testId="name-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="name-dialog-form" disabled={busy} data-testid="name-dialog-submit">
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id="name-dialog-form"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Name" htmlFor="wf-name" error={error ?? undefined}>
          <TextInput id="wf-name" data-testid="name-dialog-name" autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </Field>
        {withDescription && (
          <Field label="Description (optional)" htmlFor="wf-desc">
            <TextInput id="wf-desc" data-testid="name-dialog-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
        )}
      </form>
    </Dialog>
  );
}
