"use client";
import { Icon } from "@/components/ui/icon";

const CHEVRON_LEFT = "M15 18l-6-6 6-6";
const CHEVRON_RIGHT = "M9 18l6-6-6-6";
const CHEVRON_UP = "M6 15l6-6 6 6";
const CHEVRON_DOWN = "M6 9l6 6 6-6";

/**
 * The button that folds a side panel to a rail and opens it again. One element in both
 * states, so focus stays on it. Not on phones, where the layout has no side panels.
 */
export function PanelToggle({
  open,
  side,
  what,
  shortcut,
  controls,
  onToggle,
  testId,
}: {
  open: boolean;
  /** "right" panels sit below the canvas until `lg`, so their chevron points down or up there. */
  side: "left" | "right";
  what: string;
  shortcut: string;
  controls: string;
  onToggle: () => void;
  testId: string;
}) {
  // Open, the chevron points the way the panel folds; folded, the way it opens.
  const towardsLeft = (side === "left") === open;
  const sideways = <Icon d={towardsLeft ? CHEVRON_LEFT : CHEVRON_RIGHT} className={side === "right" ? "hidden size-4 lg:block" : "size-4"} />;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={`${open ? "Hide" : "Show"} the ${what}`}
      title={`${open ? "Hide" : "Show"} the ${what} (${shortcut})`}
      data-testid={testId}
      className="hidden size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 md:inline-flex"
    >
      {side === "right" && <Icon d={open ? CHEVRON_DOWN : CHEVRON_UP} className="size-4 lg:hidden" />}
      {sideways}
    </button>
  );
}
