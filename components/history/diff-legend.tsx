import type { NodeMark } from "./read-only-canvas";

/** Canvas decoration per kind of change, shared by the legend and the canvas. */
export const DIFF_MARKS: Record<"added" | "removed" | "changed", NodeMark & { swatch: string; text: string }> = {
  added: { mark: "added", className: "rounded-lg outline-2 outline-offset-2 outline-emerald-500", swatch: "bg-emerald-500", text: "Added" },
  removed: { mark: "removed", className: "rounded-lg opacity-60 outline-2 outline-offset-2 outline-dashed outline-red-500", swatch: "bg-red-500", text: "Removed" },
  changed: { mark: "changed", className: "rounded-lg outline-2 outline-offset-2 outline-amber-500", swatch: "bg-amber-500", text: "Changed" },
};

/** What the comparison colours mean. */
export function DiffLegend() {
  return (
    <div className="flex items-center gap-3 text-[11px] text-slate-600" data-testid="diff-legend">
      {Object.values(DIFF_MARKS).map((m) => (
        <span key={m.mark} className="inline-flex items-center gap-1">
          <span className={`size-2.5 rounded-sm ${m.swatch}`} />
          {m.text}
        </span>
      ))}
    </div>
  );
}
