"use client";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { Icon, ICONS } from "@/components/ui/icon";
import { gateFieldTypes, type GateField } from "@/engine/graph/schema";

/** Edits the reviewer form of a gate: one row per field (name, type, label, required, options). */
export function GateFieldsEditor({ fields, onChange }: { fields: GateField[]; onChange: (fields: GateField[] | undefined) => void }) {
  const set = (i: number, patch: Partial<GateField>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const remove = (i: number) => {
    const next = fields.filter((_, j) => j !== i);
    onChange(next.length ? next : undefined);
  };
  const add = () => onChange([...fields, { name: `field_${fields.length + 1}`, type: "text" }]);
  return (
    <div className="space-y-2" data-testid="gate-fields">
      {fields.map((f, i) => (
        <div key={i} className="space-y-2 rounded-md bg-slate-50 p-2.5 ring-1 ring-slate-200" data-testid="gate-field-row">
          <div className="flex gap-2">
            <TextInput aria-label="Field name" data-testid="gate-field-name" className="font-mono text-xs" value={f.name} onChange={(e) => set(i, { name: e.target.value })} />
            <Select aria-label="Field type" data-testid="gate-field-type" className="w-28" value={f.type} onChange={(e) => set(i, { type: e.target.value as GateField["type"] })}>
              {gateFieldTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
            <button type="button" aria-label="Remove field" className="text-slate-500 hover:text-red-600" onClick={() => remove(i)}>
              <Icon d={ICONS.trash} />
            </button>
          </div>
          <div className="flex items-center gap-2">
            <TextInput aria-label="Field label" placeholder="Label" value={f.label ?? ""} onChange={(e) => set(i, { label: e.target.value || undefined })} />
            <label className="flex shrink-0 items-center gap-1 text-xs text-slate-600">
              <input type="checkbox" checked={f.required === true} onChange={(e) => set(i, { required: e.target.checked || undefined })} />
              required
            </label>
          </div>
          {f.type === "select" && (
            <TextInput
              aria-label="Options"
              placeholder="Options, comma-separated"
              value={(f.options ?? []).join(", ")}
              onChange={(e) => set(i, { options: e.target.value.split(",").map((o) => o.trim()).filter(Boolean) })}
            />
          )}
        </div>
      ))}
      <Button size="sm" variant="ghost" onClick={add} data-testid="gate-field-add">
        <Icon d={ICONS.plus} className="size-3.5" /> Add reviewer field
      </Button>
    </div>
  );
}
