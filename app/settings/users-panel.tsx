"use client";
import { useCallback, useEffect, useState } from "react";
import { useViewer } from "@/components/auth/session-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Icon, ICONS } from "@/components/ui/icon";
import { deleteUser, listUsers, updateUser, type UserView } from "@/lib/client/accounts";
import { AddUserDialog } from "./add-user-dialog";
import { Panel, PanelError } from "./panel";
import { UserRow } from "./user-row";
import { TableScroll } from "@/components/ui/table-scroll";

type Open = { kind: "add" } | { kind: "delete"; user: UserView } | null;

/** The people who may sign in (admins only): add, change role, disable or enable, delete. */
export function UsersPanel() {
  const viewer = useViewer();
  const [users, setUsers] = useState<UserView[] | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => listUsers().then(setUsers), []);
  useEffect(() => {
    reload().catch((err: unknown) => setError(err instanceof Error ? err.message : "Could not load users"));
  }, [reload]);
  const change = async (user: UserView, patch: Parameters<typeof updateUser>[1]) => {
    setBusy(user.id);
    try {
      await updateUser(user.id, patch);
      setError(null);
    } catch (err) {
      setError(`${user.name}: ${err instanceof Error ? err.message : "the change failed"}`);
    } finally {
      // The list again either way: a refused role change puts the picker back.
      await reload().catch(() => undefined);
      setBusy(null);
    }
  };

  const enabledAdmins = users?.filter((u) => u.role === "admin" && !u.disabled).length ?? 0;
  return (
    <Panel
      title="Users"
      testId="users-panel"
      intro="People who may sign in, and their roles. Disabling or deleting someone ends their sessions and revokes the API keys they made; a lower role revokes their keys above it."
      action={
        <Button variant="primary" onClick={() => setOpen({ kind: "add" })} data-testid="add-user">
          <Icon d={ICONS.plus} /> Add person
        </Button>
      }
    >
      <PanelError message={error} testId="users-error" />
      <TableScroll label="Users" className="mt-4">
        <table className="w-full text-left text-sm" data-testid="users-table">
          <thead className="border-b border-slate-200 text-xs font-medium text-slate-500">
            <tr>
              <th className="py-2 pr-3 font-medium">Person</th>
              <th className="px-3 py-2 font-medium">Role</th>
              <th className="px-3 py-2 font-medium">Status</th>
              <th className="px-3 py-2 font-medium">Added</th>
              <th className="py-2 pl-3"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users?.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                self={viewer?.type === "user" && viewer.id === u.id}
                lastAdmin={u.role === "admin" && !u.disabled && enabledAdmins === 1}
                busy={busy === u.id}
                onRole={(role) => void change(u, { role })}
                onDisabled={(disabled) => void change(u, { disabled })}
                onDelete={() => setOpen({ kind: "delete", user: u })}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {open?.kind === "add" && (
        <AddUserDialog
          onClose={() => setOpen(null)}
          onAdded={() => {
            setOpen(null);
            setError(null);
            void reload();
          }}
        />
      )}
      {open?.kind === "delete" && (
        <ConfirmDialog
          title="Delete this person?"
          confirmLabel="Delete"
          testId="delete-user-dialog"
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await deleteUser(open.user.id);
            setOpen(null);
            await reload();
          }}
        >
          <p>
            <b>{open.user.name}</b> ({open.user.email}) can no longer sign in; their sessions end and the API keys they made are revoked. Their name stays on the runs and audit rows they made.
          </p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
