import type { StepStatus } from "@/lib/client/types";

const STYLE: Record<StepStatus, { ring: string; path: string; label: string }> = {
  pending: { ring: "text-slate-500", path: "M12 12h.01", label: "Pending" },
  running: { ring: "text-sky-600", path: "M21 12a9 9 0 1 1-6.2-8.6", label: "Running" },
  waiting: { ring: "text-amber-600", path: "M10 9v6M14 9v6", label: "Waiting for approval" },
  completed: { ring: "text-emerald-600", path: "M8 12.5l3 3 5-6", label: "Completed" },
  failed: { ring: "text-red-600", path: "M9 9l6 6M15 9l-6 6", label: "Failed" },
  skipped: { ring: "text-slate-500", path: "M8 12h8", label: "Skipped" },
};

/** A step status as a small round icon; running spins. */
export function StatusIcon({ status, className = "size-4" }: { status: StepStatus; className?: string }) {
  const s = STYLE[status] ?? STYLE.pending;
  if (status === "running") {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" className={`${className} animate-spin ${s.ring}`} role="img" aria-label={s.label} data-status={status}>
        <path d={s.path} />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" className={`${className} ${s.ring}`} role="img" aria-label={s.label} data-status={status}>
      <circle cx="12" cy="12" r="9" strokeDasharray={status === "skipped" || status === "pending" ? "3 3" : undefined} />
      <path d={s.path} />
    </svg>
  );
}

/** Wrapper classes that colour a canvas node by its run status. */
export const NODE_STATUS_CLASS: Record<StepStatus, string> = {
  pending: "rounded-lg outline-2 outline-offset-2 outline-slate-300",
  running: "rounded-lg outline-2 outline-offset-2 outline-sky-500 animate-pulse",
  waiting: "rounded-lg outline-2 outline-offset-2 outline-amber-500",
  completed: "rounded-lg outline-2 outline-offset-2 outline-emerald-500",
  failed: "rounded-lg outline-2 outline-offset-2 outline-red-500",
  skipped: "rounded-lg opacity-50 outline-1 outline-offset-2 outline-dashed outline-slate-400",
};
