"use client";
import { Button } from "@/components/ui/button";
import { relativeTime } from "@/components/ui/format";
import type { UserView } from "@/lib/client/accounts";
import { ROLES, type Role } from "@/lib/auth/roles";
import { RoleSelect } from "./role-select";

/**
 * One person: role picker, disable or enable, delete. The last enabled admin is offered none
 * of what would leave no admin (the server refuses it anyway); the row says why.
 */
export function UserRow({
  user,
  self,
  lastAdmin,
  busy,
  onRole,
  onDisabled,
  onDelete,
}: {
  user: UserView;
  self: boolean;
  /** The only enabled admin: their role stays, they stay enabled and undeleted. */
  lastAdmin: boolean;
  busy: boolean;
  onRole: (role: Role) => void;
  onDisabled: (disabled: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <tr data-testid="user-row" data-email={user.email} data-disabled={user.disabled} className={user.disabled ? "text-slate-500" : ""}>
      <td className="max-w-56 py-2 pr-3">
        <span className="block truncate font-medium text-slate-900" title={user.name}>
          {user.name}
          {self && <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span>}
        </span>
        <span className="block truncate text-xs text-slate-600" title={user.email}>{user.email}</span>
      </td>
      <td className="w-36 px-3 py-2">
        <RoleSelect value={user.role} roles={ROLES} onChange={onRole} notes={false} disabled={busy || lastAdmin} label={`Role of ${user.name}`} testId="user-row-role" />
      </td>
      <td className="px-3 py-2 text-xs" data-testid="user-row-status">
        {user.disabled ? <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700">disabled</span> : <span className="text-emerald-700">active</span>}
      </td>
      <td className="px-3 py-2 text-xs text-slate-600" title={user.created_at}>{relativeTime(user.created_at)}</td>
      <td className="py-2 pl-3">
        {lastAdmin ? (
          <p className="text-right text-xs text-slate-500" data-testid="user-row-last-admin">The only admin: add another to change this one.</p>
        ) : (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onDisabled(!user.disabled)} aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.name}`} data-testid="user-row-toggle">
            {user.disabled ? "Enable" : "Disable"}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700! hover:bg-red-50!" disabled={busy} onClick={onDelete} aria-label={`Delete ${user.name}`} data-testid="user-row-delete">
            Delete
          </Button>
        </div>
        )}
      </td>
    </tr>
  );
}
