"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { loadAppAt } from "@/lib/client/full-load";
import { apiFetch, ApiError } from "@/lib/client/http";

const MIN = 10;

/** The owner account: name, email, a password typed twice; on success the app loads, signed in. */
export function SetupForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = repeat !== "" && repeat !== password;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== repeat) return setError("the two passwords differ");
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/setup", { method: "POST", body: { name, email, password } });
      loadAppAt("/");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "could not reach the server");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="setup-form">
      <Field label="Your name" htmlFor="setup-name">
        <TextInput id="setup-name" autoComplete="name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} autoFocus data-testid="setup-name" />
      </Field>
      <Field label="Email" htmlFor="setup-email">
        <TextInput id="setup-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} data-testid="setup-email" />
      </Field>
      <Field label="Password" htmlFor="setup-password" hint={`At least ${MIN} characters.`}>
        <TextInput id="setup-password" type="password" autoComplete="new-password" required minLength={MIN} maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="setup-password" />
      </Field>
      <Field label="Password again" htmlFor="setup-repeat" error={mismatch ? "the two passwords differ" : undefined}>
        <TextInput id="setup-repeat" type="password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)} invalid={mismatch} data-testid="setup-repeat" />
      </Field>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="setup-error">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" className="w-full" disabled={busy || mismatch} data-testid="setup-submit">
        {busy ? "Creating…" : "Create the owner account"}
      </Button>
    </form>
  );
}
