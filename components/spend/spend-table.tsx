"use client";
import { usd } from "@/components/ui/format";
import type { SpendGroup } from "@/lib/client/run-types";
import { labelHints } from "./labels";

/** One breakdown (per workflow, model or node) with a share bar; a row opens its runs. */
export function SpendTable({
  title,
  groups,
  cap,
  selected,
  onSelect,
  testId,
}: {
  title: string;
  groups: SpendGroup[];
  /** The most lines the API sends for this breakdown, if it keeps only the costliest. */
  cap?: number;
  selected: string | null;
  onSelect: (g: SpendGroup) => void;
  testId: string;
}) {
  const max = Math.max(...groups.map((g) => g.cost_usd), 0) || 1;
  const hints = labelHints(groups);
  return (
    <section className="overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200" data-testid={testId}>
      <h2 className="flex justify-between border-b border-slate-200 bg-slate-50 px-3 py-2 text-[10px] font-semibold tracking-wide text-slate-500 uppercase">
        {title}
        {/* The list scrolls past its first rows: say how many there are. */}
        {groups.length > 0 && (
          <span className="font-mono font-normal tracking-normal normal-case" data-testid="spend-group-count">
            {cap !== undefined && groups.length >= cap ? `top ${cap}` : groups.length}
          </span>
        )}
      </h2>
      {groups.length === 0 ? (
        <p className="p-4 text-xs text-slate-500">Nothing spent.</p>
      ) : (
        <ul className="scroll-shadows max-h-72 divide-y divide-slate-100 overflow-y-auto">
          {groups.map((g) => (
            <li key={g.key}>
              <button type="button" onClick={() => onSelect(g)} data-testid="spend-row" data-key={g.key} aria-pressed={selected === g.key}
                className={`w-full px-3 py-1.5 text-left text-xs ${selected === g.key ? "bg-brand-50" : "hover:bg-slate-50"}`}>
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium text-slate-800" title={g.label}>
                    {g.label}
                    {hints.has(g.key) && <span className="ml-1.5 font-mono text-[10px] font-normal text-slate-500" data-testid="spend-label-hint" title="workflow id">{hints.get(g.key)}</span>}
                  </span>
                  <span className="shrink-0 font-mono text-slate-900" data-testid="spend-cost">{usd(g.cost_usd)}</span>
                </span>
                <span className="mt-1 flex items-center gap-2">
                  <span className="h-1.5 flex-1 rounded bg-slate-100">
                    <span className="block h-full rounded bg-brand-500" style={{ width: `${(g.cost_usd / max) * 100}%` }} />
                  </span>
                  <span className="shrink-0 text-[10px] text-slate-500">{g.runs} {g.runs === 1 ? "run" : "runs"} · {g.tokens_in + g.tokens_out} tok</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
