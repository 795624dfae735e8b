"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { changePassword, fieldErrors } from "@/lib/client/accounts";
import { PASSWORD_MIN } from "@/lib/auth/passwords";

type Errors = { current_password?: string; new_password?: string; confirm?: string; form?: string };

/** Current password, the new one twice; the server checks the current one and the length rule. */
export function PasswordForm() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [others, setOthers] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    if (next.length < PASSWORD_MIN) return setErrors({ new_password: `A password has at least ${PASSWORD_MIN} characters.` });
    if (next !== confirm) return setErrors({ confirm: "The two new passwords differ." });
    setBusy(true);
    try {
      await changePassword({ current_password: current, new_password: next, revoke_other_sessions: others });
      setErrors({});
      setCurrent("");
      setNext("");
      setConfirm("");
      setDone(true);
    } catch (err) {
      const { fields, message } = fieldErrors(err, ["current_password", "new_password"] as const);
      setErrors({ ...fields, form: message ?? undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid max-w-xl gap-3 sm:grid-cols-3" data-testid="password-form" noValidate>
      <Field label="Current password" htmlFor="pw-current" error={errors.current_password}>
        <TextInput id="pw-current" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} invalid={!!errors.current_password} required />
      </Field>
      <Field label="New password" htmlFor="pw-new" error={errors.new_password} hint={`At least ${PASSWORD_MIN} characters`}>
        <TextInput id="pw-new" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} invalid={!!errors.new_password} required />
      </Field>
      <Field label="Confirm new password" htmlFor="pw-confirm" error={errors.confirm}>
        <TextInput id="pw-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} invalid={!!errors.confirm} required />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-3">
        <input type="checkbox" checked={others} onChange={(e) => setOthers(e.target.checked)} className="size-4 rounded border-slate-300 accent-brand-600" />
        Sign out my other sessions
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" variant="primary" disabled={busy || !current || !next || !confirm} data-testid="password-submit">
          {busy ? "Changing…" : "Change password"}
        </Button>
        {done && <p className="text-sm text-emerald-700" role="status" data-testid="password-changed">Password changed.</p>}
        {errors.form && <p className="text-sm text-red-700" role="alert" data-testid="password-error">{errors.form}</p>}
      </div>
    </form>
  );
}
