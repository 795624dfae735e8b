"use client";
import { duration, usd } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import type { StepView } from "@/lib/client/run-types";
import { JsonView } from "./json-view";

/** Everything about one step: its facts, streamed text, input snapshot, output and error. */
export function StepDetail({ step, label, streamed }: { step: StepView; label: string; streamed?: string }) {
  const facts: [string, string][] = [
    ["Node", `${step.node_id} (${step.node_type})`],
    ["Model", step.model ?? "—"],
    ["Attempt", String(step.attempt)],
    ["Tokens in / out", `${step.tokens_in ?? 0} / ${step.tokens_out ?? 0}`],
    ["Cost", usd(step.cost_usd ?? 0)],
    ["Duration", duration(step.duration_ms)],
    ["Started", step.started_at ? new Date(step.started_at).toLocaleTimeString() : "—"],
    ["Idempotency key", step.idempotency_key ?? "—"],
  ];
  return (
    <div className="space-y-4" data-testid="step-detail" data-node-id={step.node_id}>
      <div className="flex items-center gap-2">
        <h3 className="truncate text-sm font-semibold text-slate-900">{label}</h3>
        <StatusBadge status={step.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="truncate font-mono text-slate-800" title={v}>{v}</dd>
          </div>
        ))}
      </dl>
      {step.error && (
        <Section title="Error">
          <p className="rounded-md bg-red-50 px-3 py-2 font-mono text-xs whitespace-pre-wrap text-red-800 ring-1 ring-red-100" data-testid="step-error">{step.error}</p>
        </Section>
      )}
      {step.status === "running" && streamed && (
        <Section title="Streaming">
          <p className="rounded-md bg-slate-900 px-3 py-2 font-mono text-xs whitespace-pre-wrap text-slate-100" data-testid="step-stream">{streamed}<span className="animate-pulse">▍</span></p>
        </Section>
      )}
      <Section title="Output">
        {step.output === null || step.output === undefined ? <Empty text={step.status === "running" ? "Still running…" : "No output"} /> : <JsonView value={step.output} testId="step-output" />}
      </Section>
      <Section title="Input (state when the step started)">
        {step.input === undefined ? <Empty text="Loading…" /> : <JsonView value={step.input} testId="step-input" />}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h4 className="mb-1.5 text-[10px] font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="text-xs text-slate-500">{text}</p>;
}
