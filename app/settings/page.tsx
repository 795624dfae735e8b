import type { Metadata } from "next";
import { requireViewer } from "@/lib/auth/page-session";
import { can } from "@/lib/auth/roles";
import { AccessPanel } from "./access-panel";
import { AccountPanel } from "./account-panel";
import { ApiKeysPanel } from "./api-keys-panel";
import { DatabasePanel } from "./database-panel";
import { RetentionPanel } from "./retention-panel";
import { SecretsPanel } from "./secrets-panel";
import { UsersPanel } from "./users-panel";

export const metadata: Metadata = { title: "Settings" };

/**
 * Everyone signed in manages their own account and API keys; the server-wide sections
 * (people, secrets, the database, retention, access) are an admin's and are not even
 * rendered for anyone else — their API routes refuse them either way.
 */
export default async function SettingsPage() {
  const viewer = await requireViewer();
  const admin = viewer.role !== null && can(viewer.role, "admin");
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <h1 className="text-lg font-semibold text-slate-900">Settings</h1>
      <p className="mb-6 text-sm text-slate-500">{admin ? "Your account and API keys, and the server-wide settings of this Switchyard instance." : "Your account and API keys."}</p>
      <AccountPanel />
      <ApiKeysPanel />
      {admin && (
        <>
          <p className="mt-10 mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase" data-testid="server-settings-heading">This server</p>
          <UsersPanel />
          <SecretsPanel />
          <DatabasePanel />
          <RetentionPanel />
          <AccessPanel />
        </>
      )}
    </div>
  );
}
