"use client";
import { CopyButton } from "@/components/ui/copy-button";
import { relativeTime } from "@/components/ui/format";
import type { Webhook } from "@/lib/client/webhooks";
import { curlExample } from "./webhook-example";

const box = "min-w-0 flex-1 truncate rounded-md bg-slate-50 px-2.5 py-1.5 font-mono text-xs text-slate-900 ring-1 ring-inset ring-slate-200";

/** The hook's URL, its secret right after it was made, whether it takes calls, and how to call it. */
export function WebhookDetails({ hook, secret, busy, onEnabled }: { hook: Webhook; secret: string | null; busy: boolean; onEnabled: (enabled: boolean) => void }) {
  const url = `${window.location.origin}${hook.url_path}`;
  const example = curlExample({ url, secret: secret ?? undefined });
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brand-600" checked={hook.enabled} disabled={busy} onChange={(e) => onEnabled(e.target.checked)} data-testid="webhook-enabled" />
        Accept calls
        <span className="text-xs text-slate-500">{hook.enabled ? "" : "(calls answer 404 while off)"}</span>
      </label>
      <div className="space-y-1">
        <span className="block text-xs font-medium text-slate-600" id="webhook-url-label">URL (POST)</span>
        <div className="flex items-center gap-2">
          <output className={box} aria-labelledby="webhook-url-label" data-testid="webhook-url">{url}</output>
          <CopyButton text={url} what="URL" testId="webhook-copy-url" />
        </div>
      </div>
      {secret ? (
        <div className="space-y-1 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="webhook-secret-once">
          <span className="block text-xs font-medium text-amber-900" id="webhook-secret-label">Secret: copy it now, it is not shown again</span>
          <div className="flex items-center gap-2">
            <output className={box} aria-labelledby="webhook-secret-label" data-testid="webhook-secret">{secret}</output>
            <CopyButton text={secret} what="secret" testId="webhook-copy-secret" />
          </div>
        </div>
      ) : (
        <p className="text-xs text-slate-600" data-testid="webhook-secret-hidden">
          The secret was shown once, when it was made ({relativeTime(hook.rotated_at)}). Lost it? Rotate it: the old one stops working at once.
        </p>
      )}
      <p className="text-xs text-slate-600" data-testid="webhook-last-call">
        Last run started: {hook.last_triggered_at ? relativeTime(hook.last_triggered_at) : "never"}
      </p>
      <div className="space-y-1">
        <div className="flex items-center justify-between">
          <span className="text-xs font-medium text-slate-600" id="webhook-example-label">Call it, signed (the JSON body becomes the run&apos;s input)</span>
          <CopyButton text={example} what="example" testId="webhook-copy-example" />
        </div>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-[11px] leading-5 text-slate-100" aria-labelledby="webhook-example-label" tabIndex={0} data-testid="webhook-example">
          {example}
        </pre>
      </div>
    </div>
  );
}
