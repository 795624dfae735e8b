/** Display formatting shared by pages. */

/** "3 min ago", "2 h ago", or a date for anything older than a week. */
/** A count with thousands separators, the same in every locale: 8,002. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

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

/** USD for an axis tick: the decimals the figure needs, at least cents ("$1.50", "$0.000045"). */
export function usdTick(value: number): string {
  return `$${value.toFixed(6).replace(/(\.\d\d\d*?)0+$/, "$1")}`;
}

/** Milliseconds as "850 ms" or "2.4 s". */
export function duration(ms: number | null | undefined): string {
  if (ms == null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const UNITS: [days: number, name: string][] = [[1, "day"], [1 / 24, "hour"], [1 / 1440, "minute"], [1 / 86_400, "second"]];

/** A period in days as people say it: "30 days", "12 hours", "1.5 minutes". */
export function formatPeriod(days: number): string {
  const [size, name] = UNITS.find(([unit]) => days >= unit) ?? UNITS[UNITS.length - 1];
  const n = Number((days / size).toFixed(2));
  return `${n} ${name}${n === 1 ? "" : "s"}`;
}

/** A byte count as "0 B", "812 KB", "1.4 GB" (powers of 1,024, shown with one decimal below 10). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (unit < units.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 9.95 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
