"use client";
import { relativeTime } from "@/components/ui/format";
import type { VersionSummary } from "@/lib/client/run-types";

/** Versions newest first; the open one is highlighted, the newest is marked current. */
export function VersionList({ versions, open, onOpen }: { versions: VersionSummary[]; open: number | null; onOpen: (v: number) => void }) {
  const current = versions[0]?.version;
  return (
    <ol className="divide-y divide-slate-100" data-testid="version-list">
      {versions.map((v) => (
        <li key={v.version}>
          <button type="button" onClick={() => onOpen(v.version)} data-testid="version-item" data-version={v.version} aria-pressed={open === v.version}
            className={`flex w-full items-start gap-3 px-4 py-2.5 text-left text-xs ${open === v.version ? "bg-brand-50" : "hover:bg-slate-50"}`}>
            <span className={`mt-0.5 rounded px-1.5 py-0.5 font-mono text-[11px] font-semibold ${open === v.version ? "bg-accent text-white" : "bg-slate-100 text-slate-700"}`}>v{v.version}</span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-1.5 text-slate-800">
                <span title={v.created_by} data-testid="version-saver">{v.created_by_name ?? v.created_by}</span>
                {v.version === current && <span className="rounded-full bg-emerald-50 px-1.5 text-[10px] font-medium text-emerald-700 ring-1 ring-emerald-600/20">current</span>}
                {v.layout_only && (
                  <span className="rounded-full bg-slate-100 px-1.5 text-[10px] font-medium text-slate-700 ring-1 ring-slate-500/20" title="Only node positions changed: it runs like the version before" data-testid="layout-only">
                    Layout only
                  </span>
                )}
              </span>
              {v.note && <span className="block break-words text-slate-700" data-testid="version-note">{v.note}</span>}
              <span className={`block ${open === v.version ? "text-slate-600" : "text-slate-500"}`} title={v.created_at}>{relativeTime(v.created_at)} · {v.node_count} nodes · {v.edge_count} edges</span>
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
