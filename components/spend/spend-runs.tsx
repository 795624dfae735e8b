"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { formatPeriod, relativeTime, usd } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import { getSpendRuns } from "@/lib/client/history-api";
import type { SpendRunView } from "@/lib/client/run-types";
import { TableScroll } from "@/components/ui/table-scroll";

export type SpendSlice = { title: string; workflow_id?: string; model?: string; node_id?: string };

/** The runs behind the chosen figure, newest first, each linking to its run page. */
export function SpendRuns({ period, slice }: { period: string; slice: SpendSlice }) {
  const [rows, setRows] = useState<{ key: string; items: SpendRunView[]; retentionDays: number | null } | null>(null);
  const key = JSON.stringify([period, slice]);
  useEffect(() => {
    let live = true;
    getSpendRuns(period, { workflow_id: slice.workflow_id, model: slice.model, node_id: slice.node_id })
      .then((r) => live && setRows({ key: JSON.stringify([period, slice]), items: r.items, retentionDays: r.retention_days }))
      .catch(() => live && setRows({ key: JSON.stringify([period, slice]), items: [], retentionDays: null }));
    return () => {
      live = false;
    };
  }, [period, slice]);
  const items = rows?.key === key ? rows.items : null;
  return (
    <section className="overflow-hidden rounded-lg bg-panel ring-1 ring-slate-200" data-testid="spend-runs">
      <h2 className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-[10px] font-semibold tracking-wide text-slate-500 uppercase">Runs behind: {slice.title} <span className="font-normal normal-case">· newest first</span></h2>
      {!items ? (
        <p className="p-4 text-xs text-slate-500">Loading…</p>
      ) : (
        <TableScroll label="Runs behind the figure">
        <table className="w-full text-left text-xs">
          <tbody className="divide-y divide-slate-100">
            {items.map((r) => (
              <tr key={r.run_id} data-testid="spend-run">
                <td className="px-3 py-1.5 font-mono"><Link href={`/runs/${r.run_id}`} className="text-brand-700 hover:underline">{r.run_id}</Link></td>
                <td className="max-w-56 truncate px-3 py-1.5 text-slate-700" title={r.workflow_name}>{r.workflow_name}</td>
                <td className="px-3 py-1.5"><StatusBadge status={r.status} /></td>
                <td className="px-3 py-1.5 text-slate-500">{relativeTime(r.created_at)}</td>
                <td className="px-3 py-1.5 text-right font-mono text-slate-500">{r.tokens_in + r.tokens_out} tok</td>
                <td className="px-3 py-1.5 text-right font-mono text-slate-900">{usd(r.cost_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableScroll>
      )}
      {items?.length === 0 && <p className="p-4 text-xs text-slate-500">No runs.</p>}
      {items && rows?.retentionDays != null && (
        <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500" data-testid="spend-runs-retention">
          Runs finished more than {formatPeriod(rows.retentionDays)} ago are deleted (run retention): the figures above still count them, this list no longer shows them.
        </p>
      )}
    </section>
  );
}
