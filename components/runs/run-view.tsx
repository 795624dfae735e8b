"use client";
import Link from "next/link";
import { duration, usd } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { StepsTable } from "./steps-table";
import { useRunPolling } from "./use-run-polling";

/** A run's status, totals and steps, refreshed every second while it is live. */
export function RunView({ id }: { id: string }) {
  const load = useRunPolling(id);
  if (load.kind === "loading") return <p className="p-10 text-sm text-slate-500">Loading run…</p>;
  if (load.kind === "missing") return <p className="p-10 text-sm text-slate-500" data-testid="run-missing">This run does not exist.</p>;
  if (load.kind === "error") return <p className="p-10 text-sm text-red-700">{load.message}</p>;
  const run = load.run;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-6 py-8" data-testid="run-view">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Link href={`/workflows/${run.workflow_id}`} className="text-xs text-brand-600 hover:underline">
            ← Back to the workflow
          </Link>
          <h1 className="mt-1 flex items-center gap-3 text-xl font-semibold text-slate-900">
            Run <span className="font-mono text-base text-slate-500">{run.id}</span>
            <StatusBadge status={run.status} testId="run-status" />
          </h1>
          <p className="mt-1 text-sm text-slate-500">Workflow version v{run.workflow_version}</p>
        </div>
        <dl className="grid grid-cols-3 gap-6 text-right text-sm">
          <Stat label="Cost" value={usd(run.cost_usd)} />
          <Stat label="Tokens" value={`${run.tokens_in ?? 0} / ${run.tokens_out ?? 0}`} />
          <Stat label="Duration" value={duration(run.duration_ms)} />
        </dl>
      </div>
      {run.error_message && <p className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-100" data-testid="run-error">{run.error_message}</p>}
      <StepsTable steps={run.steps ?? []} />
      {run.status === "completed" && run.output !== undefined && (
        <section>
          <h2 className="mb-2 text-sm font-semibold text-slate-700">Output</h2>
          <pre className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100" data-testid="run-output">
            {JSON.stringify(run.output, null, 2)}
          </pre>
        </section>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-mono text-slate-900">{value}</dd>
    </div>
  );
}
