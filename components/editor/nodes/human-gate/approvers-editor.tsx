"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { Icon, ICONS } from "@/components/ui/icon";
import { ACTOR_ROLES, DEFAULT_APPROVER_ROLES, type GateApprovers } from "@/engine/graph/schema";

/**
 * Who may decide a gate: role checkboxes and a list of people by email. No `approvers` at
 * all means the default roles; a choice equal to the default is saved as none, so the
 * config only says something when it differs.
 */
export function ApproversEditor({ nodeId, approvers, onChange }: { nodeId: string; approvers: GateApprovers | undefined; onChange: (approvers: GateApprovers | undefined) => void }) {
  const roles = approvers ? (approvers.roles ?? []) : [...DEFAULT_APPROVER_ROLES];
  const users = approvers?.users ?? [];
  const [email, setEmail] = useState("");
  const set = (next: { roles: string[]; users: string[] }) => {
    const isDefault = next.users.length === 0 && next.roles.length === DEFAULT_APPROVER_ROLES.length && DEFAULT_APPROVER_ROLES.every((r) => next.roles.includes(r));
    // The four in their usual order; a role the config names that is none of them stays (validation names it).
    const ordered = [...ACTOR_ROLES.filter((r) => next.roles.includes(r)), ...next.roles.filter((r) => !(ACTOR_ROLES as readonly string[]).includes(r))];
    onChange(isDefault ? undefined : { roles: ordered, users: next.users });
  };
  const toggle = (role: string, on: boolean) => set({ roles: on ? [...roles, role] : roles.filter((r) => r !== role), users });
  const add = () => {
    const value = email.trim();
    if (value && !users.some((u) => u.toLowerCase() === value.toLowerCase())) set({ roles, users: [...users, value] });
    setEmail("");
  };
  return (
    <div className="space-y-2" data-testid="gate-approvers-editor">
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {ACTOR_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-1 text-xs text-slate-700">
            <input type="checkbox" data-testid={`gate-approver-role-${role}`} checked={roles.includes(role)} onChange={(e) => toggle(role, e.target.checked)} />
            {role}
          </label>
        ))}
      </div>
      {users.length > 0 && (
        <ul className="space-y-1" data-testid="gate-approver-users">
          {users.map((u) => (
            <li key={u} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-2 py-1 text-xs ring-1 ring-slate-200" data-testid="gate-approver-user">
              <span className="min-w-0 truncate font-mono" title={u}>{u}</span>
              <button type="button" aria-label={`Remove ${u}`} className="text-slate-500 hover:text-red-600" onClick={() => set({ roles, users: users.filter((x) => x !== u) })}>
                <Icon d={ICONS.trash} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <TextInput
          id={`approver-email-${nodeId}`}
          aria-label="Approver email"
          data-testid="gate-approver-email"
          type="email"
          placeholder="person@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            add();
          }}
        />
        <Button size="sm" variant="ghost" onClick={add} disabled={email.trim() === ""} data-testid="gate-approver-add">
          <Icon d={ICONS.plus} className="size-3.5" /> Add
        </Button>
      </div>
    </div>
  );
}
