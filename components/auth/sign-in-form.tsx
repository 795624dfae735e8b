"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { loadAppAt } from "@/lib/client/full-load";
import { apiFetch, ApiError } from "@/lib/client/http";
import { safeNext } from "./safe-next";

/** Email and password; on success the whole app loads again, signed in, at `next`. */
export function SignInForm({ next }: { next: string | null }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
      loadAppAt(safeNext(next));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "could not reach the server");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="sign-in-form">
      <Field label="Email" htmlFor="sign-in-email">
        <TextInput id="sign-in-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus data-testid="sign-in-email" />
      </Field>
      <Field label="Password" htmlFor="sign-in-password">
        <TextInput id="sign-in-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} data-testid="sign-in-password" />
      </Field>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="sign-in-error">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" className="w-full" disabled={busy} data-testid="sign-in-submit">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
