"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActorLabel } from "@/components/auth/actor-label";
import { useCan } from "@/components/auth/session-context";
import { Button } from "@/components/ui/button";
import { Icon, ICONS } from "@/components/ui/icon";
import { duration, relativeTime, usd } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { ApiError } from "@/lib/client/http";
import { resumeRun } from "@/lib/client/run-api";
import type { RunSummary } from "@/lib/client/run-types";
import { triggerRun } from "@/lib/client/workflows";
import { CancelRunButton } from "./cancel-run-button";
import { ConnectionPill } from "./connection-pill";
import type { Connection } from "./use-run-stream";

/** Title, status, live totals and the lifecycle buttons of a run. */
export function RunHeader({
  run,
  totals,
  now,
  connection,
  onRevived,
}: {
  run: RunSummary;
  totals: { cost_usd: number; tokens_in: number; tokens_out: number };
  now: number;
  connection: Connection;
  onRevived: () => void;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (fn: () => Promise<unknown>, revives: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      if (revives) onRevived();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The action failed");
    } finally {
      setBusy(false);
    }
  };
  const started = run.started_at ? Date.parse(run.started_at) : null;
  const liveMs = run.duration_ms ?? (started && (run.status === "running" || run.status === "paused") ? now - started : null);
  // Resume, Run again and Cancel need the run permission (editors, admins); gates decide their own approvers.
  const mayRun = useCan("run");
  const canResume = mayRun && (run.status === "failed" || (run.status === "paused" && !run.pending_gate));
  return (
    <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-200 bg-panel px-4 py-3 sm:px-5">
      {/* At least 16rem before the totals wrap below it: shrunk further, its text ran under them. */}
      <div className="min-w-64 flex-1">
        <div className="flex items-center gap-2 text-xs text-slate-500">
          <Link href={`/workflows/${run.workflow_id}`} title={run.workflow_name ?? undefined} className="min-w-0 truncate font-medium text-brand-600 hover:underline" data-testid="run-workflow-link">
            {run.workflow_name ?? "Workflow"}
          </Link>
          <span>·</span>
          <Link href={`/workflows/${run.workflow_id}/versions?v=${run.workflow_version}`} className="shrink-0 hover:underline" data-testid="run-version">
            v{run.workflow_version}
          </Link>
          <span>·</span>
          <span title={run.created_at} className="shrink-0">{relativeTime(run.created_at, now)}</span>
          {run.triggered_by && (
            <>
              <span>·</span>
              <span className="flex min-w-0 items-baseline gap-1" data-testid="run-triggered-by">
                <span className="shrink-0">by</span>
                <ActorLabel name={run.triggered_by.name} type={run.triggered_by.type} id={run.triggered_by.id} />
              </span>
            </>
          )}
        </div>
        <h1 className="mt-0.5 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-lg font-semibold text-slate-900">
          Run <span className="font-mono text-sm font-normal break-all text-slate-500">{run.id}</span>
          <StatusBadge status={run.status} testId="run-status" />
          <ConnectionPill connection={connection} />
        </h1>
      </div>
      <dl className="flex items-center gap-6 sm:ml-auto sm:text-right">
        <Stat label="Cost" value={usd(totals.cost_usd)} testId="run-cost" />
        <Stat label="Tokens in / out" value={`${totals.tokens_in} / ${totals.tokens_out}`} testId="run-tokens" />
        <Stat label="Duration" value={duration(liveMs)} testId="run-duration" />
      </dl>
      <div className="flex items-center gap-2">
        {canResume && (
          <Button variant="primary" size="sm" disabled={busy} onClick={() => act(() => resumeRun(run.id), true)} data-testid="run-resume">
            Resume
          </Button>
        )}
        {mayRun && (run.status === "completed" || run.status === "failed") && (
          <Button
            size="sm"
            disabled={busy}
            title="Start a new run of the workflow's current version with this run's input"
            onClick={() => act(async () => router.push(`/runs/${(await triggerRun(run.workflow_id, inputOf(run), run.options)).id}`), false)}
            data-testid="run-again"
          >
            <Icon d={ICONS.rerun} /> Run again
          </Button>
        )}
        {mayRun && (run.status === "running" || run.status === "pending" || run.status === "paused") && (
          <CancelRunButton run={run} disabled={busy} />
        )}
      </div>
      {error && (
        <p className="w-full text-xs text-red-700" role="alert" data-testid="run-action-error">
          {error}
        </p>
      )}
    </header>
  );
}

/** The run's input as a trigger body takes it (runs store an object; anything else starts empty). */
function inputOf(run: RunSummary): Record<string, unknown> {
  return run.input !== null && typeof run.input === "object" && !Array.isArray(run.input) ? (run.input as Record<string, unknown>) : {};
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-[10px] font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="font-mono text-sm text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
