import { duration, usd } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import type { Step } from "@/lib/client/types";

/** One row per node execution, in run order. */
export function StepsTable({ steps }: { steps: Step[] }) {
  if (!steps.length) return <p className="rounded-xl bg-white p-6 text-sm text-slate-500 ring-1 ring-slate-200">No steps yet.</p>;
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm" data-testid="steps-table">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500">
          <tr>
            {["#", "Node", "Type", "Status", "Attempt", "Model", "Tokens", "Cost", "Duration"].map((h) => (
              <th key={h} className="px-3 py-2.5 font-medium first:pl-5">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...steps]
            .sort((a, b) => a.seq - b.seq)
            .map((s) => (
              <tr key={s.id} data-testid="step-row" data-node-id={s.node_id}>
                <td className="py-2.5 pr-3 pl-5 text-slate-400">{s.seq}</td>
                <td className="px-3 py-2.5 font-mono text-xs">
                  {s.node_id}
                  {s.error && <p className="mt-0.5 max-w-xs truncate font-sans text-red-600" title={s.error}>{s.error}</p>}
                </td>
                <td className="px-3 py-2.5 text-slate-600">{s.node_type}</td>
                <td className="px-3 py-2.5">
                  <StatusBadge status={s.status} />
                </td>
                <td className="px-3 py-2.5 text-slate-600">{s.attempt}</td>
                <td className="px-3 py-2.5 font-mono text-xs text-slate-600">{s.model ?? "—"}</td>
                <td className="px-3 py-2.5 font-mono text-xs text-slate-600">{s.tokens_in != null ? `${s.tokens_in} / ${s.tokens_out ?? 0}` : "—"}</td>
                <td className="px-3 py-2.5 font-mono text-xs text-slate-600">{s.cost_usd != null ? usd(s.cost_usd) : "—"}</td>
                <td className="px-3 py-2.5 text-slate-600">{duration(s.duration_ms)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
