"use client";
import { useState } from "react";
import { count } from "@/components/ui/format";
import { ShowMore } from "@/components/ui/show-more";

const isObject = (v: unknown): v is Record<string, unknown> | unknown[] => v !== null && typeof v === "object";

/**
 * How much of a long string, and how many entries of a big object or array, show before a
 * "show all": a step whose input and output held a 900 KB string took 1.4 s from click to
 * paint (0.3–0.45 s cut), and a state of 8,000 keys rendered each of them.
 */
const STRING_SHOWN = 2_000;
const ENTRIES_SHOWN = 200;

function LongString({ value }: { value: string }) {
  const [all, setAll] = useState(false);
  const cut = !all && value.length > STRING_SHOWN;
  return (
    <span className="break-all text-emerald-700">
      &quot;{cut ? value.slice(0, STRING_SHOWN) : value}
      {cut ? "…" : "\""}
      {cut && <ShowMore testId="json-more" label={`${count(value.length - STRING_SHOWN)} more characters`} onClick={() => setAll(true)} />}
    </span>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === "string") return <LongString value={value} />;
  if (typeof value === "number") return <span className="text-sky-700">{value}</span>;
  if (typeof value === "boolean") return <span className="text-violet-700">{String(value)}</span>;
  if (value === undefined) return <span className="text-slate-500">—</span>;
  return <span className="text-slate-500">null</span>;
}

function Entry({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth < 2);
  const [shown, setShown] = useState(ENTRIES_SHOWN);
  const label = name === null ? null : <span className="text-slate-500">{name}: </span>;
  if (!isObject(value)) {
    return (
      <div className="pl-4">
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const [l, r] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return (
    <div className={depth === 0 ? "" : "pl-4"}>
      <button type="button" className="-ml-3.5 inline-flex items-baseline gap-1 text-left hover:text-brand-700" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="w-2.5 text-[9px] text-slate-500">{open ? "▼" : "▶"}</span>
        {label}
        <span className="text-slate-500">
          {l}
          {!open && ` ${entries.length} ${entries.length === 1 ? "item" : "items"} ${r}`}
        </span>
      </button>
      {open && (
        <>
          {entries.slice(0, shown).map(([k, v]) => (
            <Entry key={k} name={k} value={v} depth={depth + 1} />
          ))}
          {entries.length > shown && (
            <div className="pl-4 text-slate-500">
              …<ShowMore testId="json-more" label={`${count(entries.length - shown)} more ${Array.isArray(value) ? "items" : "keys"}`} onClick={() => setShown(entries.length)} />
            </div>
          )}
          <div className="text-slate-500">{r}</div>
        </>
      )}
    </div>
  );
}

/** A collapsible JSON tree: objects and arrays fold, the first two levels start open; long strings and big collections show their start until asked for all. */
export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <div className="overflow-auto rounded-md bg-slate-50 px-4 py-2 font-mono text-[11px] leading-5 text-slate-800 ring-1 ring-slate-200" data-testid={testId}>
      <Entry name={null} value={value} depth={0} />
    </div>
  );
}
