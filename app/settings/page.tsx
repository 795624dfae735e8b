import type { Metadata } from "next";
import { AccessPanel } from "./access-panel";
import { DatabasePanel } from "./database-panel";
import { RetentionPanel } from "./retention-panel";
import { SecretsPanel } from "./secrets-panel";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <h1 className="text-lg font-semibold text-slate-900">Settings</h1>
      <p className="mb-6 text-sm text-slate-500">Server-wide settings of this Switchyard instance.</p>
      <DatabasePanel />
      <RetentionPanel />
      <SecretsPanel />
      <AccessPanel />
    </div>
  );
}
