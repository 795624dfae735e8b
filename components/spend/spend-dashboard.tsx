"use client";
import { useEffect, useState } from "react";
import { usd } from "@/components/ui/format";
import { getSpend } from "@/lib/client/history-api";
import type { SpendGroup, SpendReport } from "@/lib/client/run-types";
import { SpendChart } from "./spend-chart";
import { SpendRuns, type SpendSlice } from "./spend-runs";
import { SpendTable } from "./spend-table";

const PERIODS = [
  { id: "24h", text: "Last 24 h" },
  { id: "7d", text: "7 days" },
  { id: "30d", text: "30 days" },
  { id: "all", text: "All time" },
] as const;

/** Spend over a period: total, cost per day, and per workflow / model / node with their runs. */
export function SpendDashboard() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]["id"]>("7d");
  const [report, setReport] = useState<(SpendReport & { loaded_at: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [slice, setSlice] = useState<(SpendSlice & { key: string }) | null>(null);
  useEffect(() => {
    let live = true;
    getSpend(period)
      .then((r) => live && setReport({ ...r, loaded_at: Date.now() }))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : "Could not load spend"));
    return () => {
      live = false;
    };
  }, [period]);
  const pick = (kind: "workflow" | "model" | "node") => (g: SpendGroup) =>
    setSlice({
      key: `${kind}:${g.key}`,
      title: g.label,
      ...(kind === "model" ? { model: g.key } : { workflow_id: g.workflow_id }),
      ...(kind === "node" ? { node_id: g.key.slice((g.workflow_id?.length ?? 0) + 1) } : {}),
    });
  const sel = (kind: string) => (slice?.key.startsWith(`${kind}:`) ? slice.key.slice(kind.length + 1) : null);
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold text-slate-900">Spend</h1>
        <div className="flex gap-1 rounded-lg bg-panel p-0.5 ring-1 ring-slate-200">
          {PERIODS.map((p) => (
            <button key={p.id} type="button" onClick={() => { setPeriod(p.id); setSlice(null); }} data-testid={`spend-period-${p.id}`} aria-pressed={period === p.id}
              className={`rounded-md px-2.5 py-1 text-xs font-medium ${period === p.id ? "bg-accent text-white" : "text-slate-600 hover:bg-slate-100"}`}>
              {p.text}
            </button>
          ))}
        </div>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[260px_minmax(0,1fr)]">
        <dl className="grid content-start gap-3 rounded-lg bg-panel p-4 ring-1 ring-slate-200" data-testid="spend-total">
          <Figure label="Total cost" value={usd(report?.total.cost_usd ?? 0)} big testId="spend-total-cost" />
          <Figure label="Runs" value={String(report?.total.runs ?? 0)} />
          <Figure label="Tokens in / out" value={`${report?.total.tokens_in ?? 0} / ${report?.total.tokens_out ?? 0}`} />
        </dl>
        <div className="h-48 rounded-lg bg-panel p-3 ring-1 ring-slate-200" data-testid="spend-chart">
          <SpendChart days={report?.by_day ?? []} since={report?.since ?? null} now={report?.loaded_at ?? 0} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <SpendTable title="Per workflow" groups={report?.by_workflow ?? []} selected={sel("workflow")} onSelect={pick("workflow")} testId="spend-by-workflow" />
        <SpendTable title="Per model" groups={report?.by_model ?? []} selected={sel("model")} onSelect={pick("model")} testId="spend-by-model" />
        {/* The API sends the 200 costliest nodes (docs/api.md, GET /api/spend). */}
        <SpendTable title="Per node" groups={report?.by_node ?? []} cap={200} selected={sel("node")} onSelect={pick("node")} testId="spend-by-node" />
      </div>
      {slice ? (
        <SpendRuns period={period} slice={slice} />
      ) : (
        (report?.total.runs ?? 0) > 0 && <p className="text-xs text-slate-500">Click a figure to list the runs behind it.</p>
      )}
    </div>
  );
}

function Figure({ label, value, big = false, testId }: { label: string; value: string; big?: boolean; testId?: string }) {
  return (
    <div>
      <dt className="text-[10px] font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={`font-mono text-slate-900 ${big ? "text-xl font-semibold" : "text-sm"}`} data-testid={testId}>{value}</dd>
    </div>
  );
}
