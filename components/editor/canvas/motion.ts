/**
 * How long an animated view change (fitView, setCenter) takes: none when the person asked
 * for reduced motion, as globals.css does for CSS animations.
 */
export function viewDuration(ms: number): number {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return ms;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : ms;
}
