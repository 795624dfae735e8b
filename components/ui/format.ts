/** Display formatting shared by pages. */

/** "3 min ago", "2 h ago", or a date for anything older than a week. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  if (s < 7 * 86_400) return `${Math.round(s / 86_400)} d ago`;
  return new Date(t).toLocaleDateString();
}

/** USD with the 6 decimals the product stores. */
export function usd(value: number | null | undefined): string {
  return value == null ? "—" : `$${value.toFixed(6)}`;
}

/** Milliseconds as "850 ms" or "2.4 s". */
export function duration(ms: number | null | undefined): string {
  if (ms == null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
