"use client";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { SecretForm } from "./secret-form";
import { createSecret, deleteSecret, listSecrets, updateSecret, type SecretSummary } from "./secrets-api";

const when = (iso: string) => new Date(iso).toLocaleString();

/** List, add, update and delete secrets; values are write-only and never shown again. */
export function SecretsPanel() {
  const [items, setItems] = useState<SecretSummary[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => listSecrets().then(setItems), []);
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      setError(null);
      await reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The request failed");
    }
  };
  useEffect(() => {
    reload().catch((err: unknown) => setError(err instanceof Error ? err.message : "Could not load secrets"));
  }, [reload]);
  return (
    <section className="mb-6 rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200" data-testid="secrets-panel">
      <h2 className="text-sm font-semibold text-slate-900">Secrets</h2>
      <p className="mb-4 text-sm text-slate-500">
        Encrypted at rest and usable only in the url, headers and body of an <code className="text-xs">http_request</code> tool as{" "}
        <code className="text-xs">{"{secrets.NAME}"}</code>. Values are never shown, logged or stored in runs.
      </p>
      {error && <p className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">{error}</p>}
      <SecretForm onSubmit={(name, value) => act(() => createSecret(name, value))} />
      <ul className="mt-5 divide-y divide-slate-100 border-t border-slate-100" data-testid="secrets-list">
        {items?.length === 0 && <li className="py-3 text-sm text-slate-500">No secrets yet.</li>}
        {items?.map((s) => (
          <li key={s.name} className="py-3" data-testid={`secret-${s.name}`}>
            <div className="flex items-center justify-between gap-4">
              <div>
                <code className="text-sm font-medium text-slate-900">{s.name}</code>
                <p className="text-xs text-slate-500">Added {when(s.created_at)} · updated {when(s.updated_at)}</p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" onClick={() => setEditing(editing === s.name ? null : s.name)}>Update</Button>
                <Button size="sm" variant="danger" onClick={() => window.confirm(`Delete ${s.name}? Runs that use it will be refused.`) && act(() => deleteSecret(s.name))}>
                  Delete
                </Button>
              </div>
            </div>
            {editing === s.name && (
              <div className="mt-3">
                <SecretForm fixedName={s.name} onSubmit={(name, value) => act(() => updateSecret(name, value)).then(() => setEditing(null))} onCancel={() => setEditing(null)} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
