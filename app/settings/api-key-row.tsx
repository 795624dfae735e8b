"use client";
import { Button } from "@/components/ui/button";
import { relativeTime } from "@/components/ui/format";
import type { ApiKeyView, UserView } from "@/lib/client/accounts";
import { keyOwner, keyState } from "./key-owner";

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** One key: what it is, when it was made and last used, until when it works, and Revoke. */
export function ApiKeyRow({ apiKey: k, users, keys, showOwner, onRevoke }: { apiKey: ApiKeyView; users: readonly UserView[]; keys: readonly ApiKeyView[]; showOwner: boolean; onRevoke: () => void }) {
  const state = keyState(k);
  return (
    <tr data-testid="api-key-row" data-key-id={k.id} data-state={state} className={state === "active" ? "" : "text-slate-500"}>
      <td className="max-w-56 py-2 pr-3">
        <span className="block truncate font-medium text-slate-900" title={k.name}>{k.name}</span>
        {state !== "active" && (
          <span className="text-xs text-red-700" data-testid="api-key-state">
            {state === "revoked" ? `Revoked ${relativeTime(k.revoked_at ?? k.created_at)}` : "Expired"}
          </span>
        )}
      </td>
      {showOwner && <td className="max-w-40 truncate px-3 py-2 text-xs text-slate-600">{keyOwner(k, users, keys)}</td>}
      <td className="px-3 py-2 text-xs text-slate-700">{k.role}</td>
      <td className="px-3 py-2 font-mono text-xs text-slate-600">{k.prefix}…</td>
      <td className="px-3 py-2 text-xs text-slate-600" title={k.created_at}>{relativeTime(k.created_at)}</td>
      <td className="px-3 py-2 text-xs text-slate-600" title={k.last_used_at ?? undefined}>{k.last_used_at ? relativeTime(k.last_used_at) : "never"}</td>
      <td className="px-3 py-2 text-xs text-slate-600" title={k.expires_at ?? undefined}>{k.expires_at ? day(k.expires_at) : "never"}</td>
      <td className="py-2 pl-3 text-right">
        {state !== "revoked" && (
          <Button size="sm" variant="ghost" className="text-red-700! hover:bg-red-50!" onClick={onRevoke} aria-label={`Revoke ${k.name}`} data-testid="api-key-revoke">
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}
