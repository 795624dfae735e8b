"use client";
import { useEffect, useMemo, useState } from "react";
import { DiffDetails } from "@/components/history/diff-details";
import { graphDiff } from "@/components/history/graph-diff";
import { relativeTime } from "@/components/ui/format";
import type { VersionDetail } from "@/lib/client/run-types";
import { getVersion } from "@/lib/client/history-api";
import type { WorkflowSavedEvent } from "@/lib/services/workflow-params";

/** Who saved which version since ours, with their notes, newest last. */
export function TheirSaves({ saves }: { saves: WorkflowSavedEvent[] }) {
  return (
    <ul className="space-y-1 text-xs text-slate-700" data-testid="their-saves">
      {saves.map((s) => (
        <li key={s.version}>
          <b>v{s.version}</b> · {s.saved_by.name ?? s.saved_by.id} · <span title={s.saved_at}>{relativeTime(s.saved_at)}</span>
          {s.layout_only && <span className="ml-1 text-slate-500">(layout only)</span>}
          {s.note && <span className="block pl-4 text-slate-600 italic">“{s.note}”</span>}
        </li>
      ))}
    </ul>
  );
}

/** What changed from version `from` (ours) to `to` (theirs): the version comparison of the history page, as a list. */
export function TheirChanges({ workflowId, from, to }: { workflowId: string; from: number; to: number }) {
  const [pair, setPair] = useState<{ a: VersionDetail; b: VersionDetail } | { error: string } | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([getVersion(workflowId, from), getVersion(workflowId, to)])
      .then(([a, b]) => live && setPair({ a, b }))
      .catch((err) => live && setPair({ error: err instanceof Error ? err.message : "Could not load the versions" }));
    return () => {
      live = false;
    };
  }, [workflowId, from, to]);
  const diff = useMemo(() => (pair && "a" in pair ? graphDiff(pair.a.graph, pair.b.graph) : null), [pair]);
  if (!pair) return <p className="text-xs text-slate-500">Loading their changes…</p>;
  if ("error" in pair) return <p className="text-xs text-red-700" role="alert">{pair.error}</p>;
  return (
    <div data-testid="their-changes">
      <h3 className="mb-2 text-xs font-semibold text-slate-700">
        v{from} → v{to}
      </h3>
      {diff && <DiffDetails diff={diff} selected={picked} onSelect={setPicked} />}
    </div>
  );
}
