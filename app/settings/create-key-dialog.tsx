"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";
import { createApiKey, fieldErrors, type CreatedApiKeyView } from "@/lib/client/accounts";
import type { Role } from "@/lib/auth/roles";
import { RoleSelect } from "./role-select";

type Errors = { name?: string; role?: string; expires_at?: string; form?: string };

/** The end of a picked day in this browser's time zone, as the API takes it. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();
const today = () => new Date().toLocaleDateString("en-CA");

/** Name, role (at most one's own) and an optional last day; hands the new key, shown once, to `onCreated`. */
export function CreateKeyDialog({ roles, onCreated, onClose }: { roles: readonly Role[]; onCreated: (key: CreatedApiKeyView) => void; onClose: () => void }) {
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>(roles[0] ?? "viewer");
  const [expires, setExpires] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: "Give the key a name, say what uses it." });
    setBusy(true);
    try {
      onCreated(await createApiKey({ name: name.trim(), role, ...(expires ? { expires_at: endOfDay(expires) } : {}) }));
    } catch (err) {
      const { fields, message } = fieldErrors(err, ["name", "role", "expires_at"] as const);
      setErrors({ ...fields, form: message ?? undefined });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="New API key"
      testId="create-key-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-key-form" variant="primary" disabled={busy} data-testid="create-key-submit">
            Create key
          </Button>
        </>
      }
    >
      <form id="create-key-form" onSubmit={submit} className="space-y-3" noValidate>
        <Field label="Name" htmlFor="key-name" error={errors.name} hint="What uses it, e.g. “CI deploy”">
          <TextInput id="key-name" autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={200} invalid={!!errors.name} autoComplete="off" data-testid="key-name" />
        </Field>
        <Field label="Role" htmlFor="key-role" error={errors.role} hint="At most your own role">
          <RoleSelect id="key-role" value={role} roles={roles} onChange={setRole} testId="key-role" />
        </Field>
        <Field label="Expires after (optional)" htmlFor="key-expires" error={errors.expires_at} hint="The key stops working at the end of that day; empty: never">
          <TextInput id="key-expires" type="date" min={today()} value={expires} onChange={(e) => setExpires(e.target.value)} invalid={!!errors.expires_at} data-testid="key-expires" />
        </Field>
        {errors.form && <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="create-key-error">{errors.form}</p>}
      </form>
    </Dialog>
  );
}
