import { Select } from "@/components/ui/field";
import type { Role } from "@/lib/auth/roles";

/** What each role may do, in a word or two, beside its name in the role pickers. */
export const ROLE_NOTES: Record<Role, string> = {
  viewer: "reads",
  editor: "changes and runs workflows",
  approver: "decides gates",
  admin: "everything",
};

/** A role picker over `roles` (the ones the person may give). */
export function RoleSelect({
  id,
  value,
  roles,
  onChange,
  label,
  testId,
  disabled,
  notes = true,
}: {
  id?: string;
  value: Role;
  roles: readonly Role[];
  onChange: (role: Role) => void;
  label?: string;
  testId?: string;
  disabled?: boolean;
  notes?: boolean;
}) {
  return (
    <Select id={id} value={value} aria-label={label} data-testid={testId} disabled={disabled} onChange={(e) => onChange(roles.find((r) => r === e.target.value) ?? value)}>
      {roles.map((r) => (
        <option key={r} value={r}>
          {notes ? `${r} — ${ROLE_NOTES[r]}` : r}
        </option>
      ))}
    </Select>
  );
}
