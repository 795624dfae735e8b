"use client";
import { useViewer } from "@/components/auth/session-context";
import { Panel } from "./panel";
import { PasswordForm } from "./password-form";

/** Who is signed in, and (for a person, not an API key) the change-password form. */
export function AccountPanel() {
  const viewer = useViewer();
  if (!viewer) return null;
  return (
    <Panel title="Your account" testId="account-panel">
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Item label="Name" value={viewer.name} testId="account-name" />
        <Item label="Email" value={viewer.email ?? "—"} testId="account-email" />
        <Item label="Role" value={viewer.role ?? "—"} testId="account-role" />
      </dl>
      {viewer.type === "user" && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="mb-3 text-sm font-medium text-slate-900">Change password</h3>
          <PasswordForm />
        </div>
      )}
    </Panel>
  );
}

function Item({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="truncate text-slate-900" title={value} data-testid={testId}>{value}</dd>
    </div>
  );
}
