"use client";
import Link from "next/link";
import { useCan } from "@/components/auth/session-context";
import { Icon, ICONS } from "@/components/ui/icon";
import { relativeTime } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";
import type { WorkflowSummary } from "@/lib/client/types";

/** One workflow in the home list, with its row actions (Export for anyone; the rest for those who may edit). */
export function WorkflowRow({
  wf,
  onRename,
  onDuplicate,
  onExport,
  onDelete,
}: {
  wf: WorkflowSummary;
  onRename: () => void;
  onDuplicate: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const mayEdit = useCan("edit");
  return (
    <tr className="group hover:bg-slate-50" data-testid="workflow-row" data-workflow-id={wf.id}>
      <td className="max-w-md py-3 pr-3 pl-5">
        <Link href={`/workflows/${wf.id}`} title={wf.name} className="block truncate font-medium text-slate-900 hover:text-brand-700" data-testid="workflow-link">
          {wf.name}
        </Link>
        {wf.description && <p className="max-w-md truncate text-xs text-slate-500">{wf.description}</p>}
      </td>
      <td className="px-3 py-3 text-slate-600" data-testid="workflow-row-version">v{wf.version}</td>
      <td className="px-3 py-3 text-slate-600">{wf.node_count}</td>
      <td className="px-3 py-3">
        {wf.last_run ? (
          <Link href={`/runs/${wf.last_run.id}`} className="inline-flex items-center gap-2 hover:underline">
            <StatusBadge status={wf.last_run.status} />
            <span className="text-xs text-slate-500">{relativeTime(wf.last_run.created_at)}</span>
          </Link>
        ) : (
          <span className="text-xs text-slate-500">never run</span>
        )}
      </td>
      <td className="px-3 py-3 text-xs text-slate-500" title={new Date(wf.updated_at).toLocaleString()}>
        {relativeTime(wf.updated_at)}
      </td>
      <td className="py-3 pr-5 pl-3">
        <div className="flex justify-end gap-1 opacity-60 group-hover:opacity-100 focus-within:opacity-100">
          {mayEdit && <RowAction label="Rename" icon={ICONS.pencil} onClick={onRename} testId="workflow-rename" />}
          {mayEdit && <RowAction label="Duplicate" icon={ICONS.copy} onClick={onDuplicate} testId="workflow-duplicate" />}
          <RowAction label="Export JSON" icon={ICONS.download} onClick={onExport} testId="workflow-export" />
          {mayEdit && <RowAction label="Delete" icon={ICONS.trash} onClick={onDelete} testId="workflow-delete" danger />}
        </div>
      </td>
    </tr>
  );
}

function RowAction({ label, icon, onClick, testId, danger }: { label: string; icon: string; onClick: () => void; testId: string; danger?: boolean }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      data-testid={testId}
      onClick={onClick}
      className={`rounded-md p-1.5 text-slate-500 hover:bg-slate-100 ${danger ? "hover:text-red-600" : "hover:text-slate-900"}`}
    >
      <Icon d={icon} />
    </button>
  );
}
