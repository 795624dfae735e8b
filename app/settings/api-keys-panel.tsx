"use client";
import { useCallback, useEffect, useState } from "react";
import { useCan, useViewer } from "@/components/auth/session-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Icon, ICONS } from "@/components/ui/icon";
import { listApiKeys, listUsers, revokeApiKey, type ApiKeyView, type UserView } from "@/lib/client/accounts";
import { ROLES, roleWithin } from "@/lib/auth/roles";
import { ApiKeyRow } from "./api-key-row";
import { CreateKeyDialog } from "./create-key-dialog";
import { NewKeyDialog } from "./new-key-dialog";
import { Panel, PanelError } from "./panel";
import { TableScroll } from "@/components/ui/table-scroll";

type Open = { kind: "create" } | { kind: "created"; name: string; secret: string } | { kind: "revoke"; key: ApiKeyView } | null;

/** One's own API keys (an admin's: every key, with who made it): make one, see it once, revoke. */
export function ApiKeysPanel() {
  const viewer = useViewer();
  const admin = useCan("admin");
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [users, setUsers] = useState<UserView[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(
    () =>
      Promise.all([listApiKeys(), admin ? listUsers() : Promise.resolve([])])
        .then(([k, u]) => {
          setKeys(k);
          setUsers(u);
          setError(null);
        })
        .catch((err: unknown) => setError(err instanceof Error ? err.message : "Could not load API keys")),
    [admin],
  );
  useEffect(() => void reload(), [reload]);
  const role = viewer?.role;
  if (!role) return null;
  const roles = ROLES.filter((r) => roleWithin(r, role));

  return (
    <Panel
      title="API keys"
      testId="api-keys-panel"
      intro={
        <>
          For scripts and other servers: send one as <code className="text-xs">Authorization: Bearer sy_…</code>. A key acts with its own role (at most its maker’s) and is shown once, when made.
          {admin && " As an admin you see every key."}
        </>
      }
      action={
        <Button variant="primary" onClick={() => setOpen({ kind: "create" })} data-testid="new-api-key">
          <Icon d={ICONS.plus} /> New API key
        </Button>
      }
    >
      <PanelError message={error} />
      {keys?.length === 0 && <p className="mt-4 text-sm text-slate-500" data-testid="api-keys-empty">No API keys yet.</p>}
      {keys && keys.length > 0 && (
        <TableScroll label="API keys" className="mt-4">
          <table className="w-full text-left text-sm" data-testid="api-keys-table">
            <thead className="border-b border-slate-200 text-xs font-medium text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Name</th>
                {admin && <th className="px-3 py-2 font-medium">Made by</th>}
                <th className="px-3 py-2 font-medium">Role</th>
                <th className="px-3 py-2 font-medium">Key</th>
                <th className="px-3 py-2 font-medium">Created</th>
                <th className="px-3 py-2 font-medium">Last used</th>
                <th className="px-3 py-2 font-medium">Expires</th>
                <th className="py-2 pl-3"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys?.map((k) => <ApiKeyRow key={k.id} apiKey={k} users={users} keys={keys} showOwner={admin} onRevoke={() => setOpen({ kind: "revoke", key: k })} />)}
            </tbody>
          </table>
        </TableScroll>
      )}
      {open?.kind === "create" && (
        <CreateKeyDialog
          roles={roles}
          onClose={() => setOpen(null)}
          onCreated={(k) => {
            setOpen({ kind: "created", name: k.name, secret: k.key });
            void reload();
          }}
        />
      )}
      {open?.kind === "created" && <NewKeyDialog name={open.name} secret={open.secret} onClose={() => setOpen(null)} />}
      {open?.kind === "revoke" && (
        <ConfirmDialog
          title="Revoke this API key?"
          confirmLabel="Revoke"
          testId="revoke-key-dialog"
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await revokeApiKey(open.key.id);
            setOpen(null);
            await reload();
          }}
        >
          <p>
            <b>{open.key.name}</b> (<code className="text-xs">{open.key.prefix}…</code>) stops working at once, for every script that uses it. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
