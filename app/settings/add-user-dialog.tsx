"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";
import { createUser, fieldErrors, type UserView } from "@/lib/client/accounts";
import { PASSWORD_MIN } from "@/lib/auth/passwords";
import { ROLES, type Role } from "@/lib/auth/roles";
import { RoleSelect } from "./role-select";

type Errors = { email?: string; name?: string; password?: string; role?: string; form?: string };

/** Email, name, role and a first password (there is no mail: the admin hands it over). */
export function AddUserDialog({ onAdded, onClose }: { onAdded: (user: UserView) => void; onClose: () => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Errors = {};
    if (!email.trim()) missing.email = "An email is required.";
    if (!name.trim()) missing.name = "A name is required.";
    if (password.length < PASSWORD_MIN) missing.password = `A password has at least ${PASSWORD_MIN} characters.`;
    if (Object.keys(missing).length > 0) return setErrors(missing);
    setBusy(true);
    try {
      onAdded(await createUser({ email: email.trim(), name: name.trim(), role, password }));
    } catch (err) {
      const { fields, message } = fieldErrors(err, ["email", "name", "password", "role"] as const);
      setErrors({ ...fields, form: message ?? undefined });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add a person"
      testId="add-user-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" variant="primary" disabled={busy} data-testid="add-user-submit">
            Add person
          </Button>
        </>
      }
    >
      <form id="add-user-form" onSubmit={submit} className="space-y-3" noValidate>
        <Field label="Email" htmlFor="user-email" error={errors.email}>
          <TextInput id="user-email" type="email" autoFocus autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} invalid={!!errors.email} data-testid="user-email" />
        </Field>
        <Field label="Name" htmlFor="user-name" error={errors.name}>
          <TextInput id="user-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} invalid={!!errors.name} data-testid="user-name" />
        </Field>
        <Field label="Role" htmlFor="user-role" error={errors.role}>
          <RoleSelect id="user-role" value={role} roles={ROLES} onChange={setRole} testId="user-role" />
        </Field>
        <Field label="First password" htmlFor="user-password" error={errors.password} hint={`At least ${PASSWORD_MIN} characters. Hand it over yourself: Switchyard sends no mail.`}>
          <TextInput id="user-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!errors.password} data-testid="user-password" />
        </Field>
        {errors.form && <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="add-user-error">{errors.form}</p>}
      </form>
    </Dialog>
  );
}
