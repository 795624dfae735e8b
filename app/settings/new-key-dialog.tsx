"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Icon, ICONS } from "@/components/ui/icon";

/** The key just made, shown this once, with a copy button. */
export function NewKeyDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`API key “${name}”`}
      testId="new-key-dialog"
      footer={
        <Button variant="primary" onClick={onClose} data-testid="new-key-done">
          Done
        </Button>
      }
    >
      <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="note">
        Copy the key now: it is shown only this once. Switchyard keeps only its hash; a lost key cannot be shown again, only revoked and replaced.
      </p>
      <label htmlFor="new-key-value" className="mb-1 block text-xs font-medium text-slate-600">
        Key
      </label>
      <div className="flex gap-2">
        <input
          id="new-key-value"
          readOnly
          value={secret}
          onFocus={(e) => e.target.select()}
          className="block w-full min-w-0 rounded-md border-0 bg-slate-50 px-2.5 py-1.5 font-mono text-xs text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          data-testid="new-key-value"
        />
        <Button onClick={() => void copy()} data-testid="new-key-copy">
          <Icon d={ICONS.copy} /> Copy
        </Button>
      </div>
      <p className="mt-1 h-4 text-xs" aria-live="polite">
        {copied === "yes" && <span className="text-emerald-700">Copied.</span>}
        {copied === "failed" && <span className="text-red-700">The browser refused; select the key and copy it.</span>}
      </p>
      <p className="mt-2 text-xs text-slate-500">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
    </Dialog>
  );
}
