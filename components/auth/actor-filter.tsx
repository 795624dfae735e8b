"use client";
import { useEffect, useState } from "react";
import { Select } from "@/components/ui/field";
import { listUsers, type UserView } from "@/lib/client/accounts";
import { useCan, useViewer } from "./session-context";

/** A chosen actor: its id (what the API filters by) and the name to show. */
export interface ActorPick {
  id: string;
  name: string;
}

/**
 * Picks whose runs or audit rows to list: anyone, oneself, or (for an admin, who may list
 * people) anyone by name. A pick made elsewhere — a key or webhook clicked in a row — is
 * offered too, so the select always shows what filters the list.
 */
export function ActorFilter({
  value,
  onChange,
  label,
  anyLabel,
  testId,
  extra = [],
  className,
}: {
  value: ActorPick | null;
  onChange: (pick: ActorPick | null) => void;
  label: string;
  anyLabel: string;
  testId: string;
  extra?: ActorPick[];
  className?: string;
}) {
  const viewer = useViewer();
  const admin = useCan("admin");
  const [users, setUsers] = useState<UserView[]>([]);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    listUsers()
      .then((u) => live && setUsers(u))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [admin]);
  const options: ActorPick[] = [];
  const add = (p: ActorPick) => {
    if (!options.some((o) => o.id === p.id)) options.push(p);
  };
  if (viewer) add({ id: viewer.id, name: `${viewer.name} (you)` });
  for (const u of users) add({ id: u.id, name: u.name });
  for (const p of extra) add(p);
  if (value) add(value);
  return (
    <Select aria-label={label} className={className} value={value?.id ?? ""} data-testid={testId} onChange={(e) => onChange(options.find((o) => o.id === e.target.value) ?? null)}>
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </Select>
  );
}
