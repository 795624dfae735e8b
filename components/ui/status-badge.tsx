const TONES: Record<string, string> = {
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  running: "bg-sky-50 text-sky-700 ring-sky-600/20",
  pending: "bg-slate-100 text-slate-600 ring-slate-500/20",
  paused: "bg-amber-50 text-amber-800 ring-amber-600/20",
  waiting: "bg-amber-50 text-amber-800 ring-amber-600/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
  skipped: "bg-slate-50 text-slate-500 ring-slate-400/20",
};

/** A run or step status as a coloured pill. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status] ?? TONES.pending}`}
    >
      {status}
    </span>
  );
}
