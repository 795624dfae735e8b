"use client";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { Select } from "@/components/ui/field";
import { DiffDetails } from "./diff-details";
import { DIFF_MARKS, DiffLegend } from "./diff-legend";
import { graphDiff, unionGraph } from "./graph-diff";
import { ReadOnlyCanvas, type NodeMark } from "./read-only-canvas";
import { RestoreButton } from "./restore-button";
import type { EdgeTone } from "./tone-edge";
import { useVersions } from "./use-versions";
import { VersionList } from "./version-list";

/** Version history: open any version read-only, compare two on the canvas, restore one. */
export function VersionHistory({ workflowId, initial }: { workflowId: string; initial?: number }) {
  const { versions, details, need, error, reload } = useVersions(workflowId);
  const [open, setOpen] = useState<number | null>(initial ?? null);
  const [against, setAgainst] = useState<number | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const current = versions?.[0]?.version ?? 0;
  const shown = open ?? current;
  useEffect(() => {
    need(shown || null);
    need(against);
  }, [need, shown, against]);

  const a = against !== null ? details[Math.min(against, shown)] : undefined;
  const b = against !== null ? details[Math.max(against, shown)] : details[shown];
  const view = useMemo(() => {
    if (!b) return null;
    if (against === null) return { graph: b.graph, diff: null, marks: {}, tones: {} };
    if (!a) return null;
    const diff = graphDiff(a.graph, b.graph);
    const marks: Record<string, NodeMark> = {};
    for (const n of diff.addedNodes) marks[n.id] = DIFF_MARKS.added;
    for (const n of diff.removedNodes) marks[n.id] = DIFF_MARKS.removed;
    for (const c of diff.changedNodes) marks[c.id] = DIFF_MARKS.changed;
    const tones: Record<string, EdgeTone> = {};
    for (const e of diff.addedEdges) tones[e.id] = "added";
    for (const e of diff.removedEdges) tones[e.id] = "removed";
    for (const e of diff.changedEdges) tones[e.id] = "changed";
    return { graph: unionGraph(a.graph, b.graph, diff), diff, marks, tones };
  }, [a, b, against]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-panel px-4 py-3 sm:px-5">
        <div>
          <div className="flex gap-3 text-xs">
            <Link href={`/workflows/${workflowId}`} className="text-brand-600 hover:underline">← Editor</Link>
            <Link href={`/workflows/${workflowId}/runs`} className="text-brand-600 hover:underline">Runs</Link>
          </div>
          <h1 className="text-lg font-semibold text-slate-900">Version history</h1>
        </div>
        <div className="ml-auto flex items-center gap-2 text-xs text-slate-600">
          <label htmlFor="compare-with" className="whitespace-nowrap">Compare v{shown} with</label>
          <div className="w-32">
          <Select id="compare-with" value={against ?? ""} data-testid="compare-with" onChange={(e) => { setAgainst(e.target.value ? Number(e.target.value) : null); setPicked(null); }}>
            <option value="">— nothing</option>
            {versions?.filter((v) => v.version !== shown).map((v) => <option key={v.version} value={v.version}>v{v.version}</option>)}
          </Select>
          </div>
          {shown !== current && current > 0 && <RestoreButton workflowId={workflowId} version={shown} current={current} onRestored={() => { setOpen(null); setAgainst(null); reload(); }} />}
        </div>
      </header>
      {error && <p className="bg-red-50 px-5 py-2 text-xs text-red-700">{error}</p>}
      {/* Narrower than `lg`: one column that scrolls — the list (its own scroll), the canvas, the changes. */}
      <div className="grid min-h-0 flex-1 grid-cols-1 overflow-y-auto lg:grid-cols-[260px_minmax(0,1fr)_320px] lg:overflow-hidden">
        <aside className="max-h-56 min-h-0 overflow-y-auto border-b border-slate-200 bg-panel lg:max-h-none lg:border-r lg:border-b-0">
          {versions ? <VersionListOrEmpty versions={versions} open={shown} onOpen={(v) => { setOpen(v); if (v === against) setAgainst(null); }} /> : <p className="p-4 text-xs text-slate-500">Loading…</p>}
        </aside>
        <div className="relative h-[60vh] min-h-0 lg:h-auto">
          {view ? (
            <ReadOnlyCanvas key={`${shown}:${against}`} graph={view.graph} nodeMarks={view.marks} edgeTones={view.tones} onNodeClick={setPicked} testId="version-canvas" />
          ) : (
            <p className="p-6 text-xs text-slate-500">Loading graph…</p>
          )}
          {against !== null && (
            <div className="absolute top-3 left-3 rounded-md bg-panel/95 px-3 py-1.5 shadow-sm ring-1 ring-slate-200">
              <DiffLegend />
            </div>
          )}
        </div>
        <aside className="min-h-0 border-t border-slate-200 bg-panel p-4 lg:overflow-y-auto lg:border-t-0 lg:border-l">
          <h2 className="mb-3 text-xs font-semibold text-slate-700">
            {against === null ? `v${shown}${shown === current ? " (current)" : ""}` : `Changes from v${Math.min(shown, against)} to v${Math.max(shown, against)}`}
          </h2>
          {view?.diff ? (
            <DiffDetails diff={view.diff} selected={picked} onSelect={setPicked} />
          ) : (
            <p className="text-xs text-slate-500">Choose a version on the left to open it read-only, or pick one to compare with above.</p>
          )}
        </aside>
      </div>
    </div>
  );
}

function VersionListOrEmpty(props: Parameters<typeof VersionList>[0]) {
  return props.versions.length ? <VersionList {...props} /> : <p className="p-4 text-xs text-slate-500">No versions stored.</p>;
}
