import type { Connection } from "./use-run-stream";

const LOOK: Record<Connection, { text: string; dot: string; tone: string }> = {
  connecting: { text: "Connecting…", dot: "bg-slate-400", tone: "text-slate-500" },
  live: { text: "Live", dot: "bg-emerald-500 animate-pulse", tone: "text-emerald-700" },
  reconnecting: { text: "Reconnecting…", dot: "bg-amber-500 animate-pulse", tone: "text-amber-700" },
  ended: { text: "Final", dot: "bg-slate-300", tone: "text-slate-500" },
};

/** Whether the page is following the run's event stream. */
export function ConnectionPill({ connection }: { connection: Connection }) {
  const l = LOOK[connection];
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs font-medium ${l.tone}`} data-testid="run-connection" data-state={connection}>
      <span className={`size-2 rounded-full ${l.dot}`} />
      {l.text}
    </span>
  );
}
