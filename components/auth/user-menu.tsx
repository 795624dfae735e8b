"use client";
import { useState } from "react";
import { loadAppAt } from "@/lib/client/full-load";
import { apiFetch } from "@/lib/client/http";
import { useViewer } from "./session-context";

/** Who is signed in (name and role) and the way out; after sign-out the sign-in page loads. */
export function UserMenu() {
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  if (!viewer) return null;

  async function signOut() {
    setBusy(true);
    try {
      await apiFetch("/api/auth/sign-out", { method: "POST", body: {} });
    } finally {
      loadAppAt("/sign-in");
    }
  }

  return (
    <div className="flex shrink-0 items-center gap-3" data-testid="user-menu">
      <span className="hidden min-w-0 text-right leading-tight md:block">
        <span className="block max-w-48 truncate text-white" data-testid="signed-in-name" title={viewer.email ?? viewer.name}>
          {viewer.name}
        </span>
        <span className="block text-xs text-bar-muted" data-testid="signed-in-role">{viewer.role}</span>
      </span>
      <button
        type="button"
        onClick={signOut}
        disabled={busy}
        className="rounded-md px-2 py-1 text-bar-text ring-1 ring-bar-line hover:bg-bar-raised hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
        data-testid="sign-out"
      >
        Sign out
      </button>
    </div>
  );
}
