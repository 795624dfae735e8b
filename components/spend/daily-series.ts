import type { SpendReport } from "@/lib/client/run-types";

/** A day of the spend chart, as the report's `by_day` has it: `day` is a UTC date, YYYY-MM-DD. */
export type SpendDay = SpendReport["by_day"][number];

const DAY_MS = 86_400_000;

/** Days the chart fills in at most; a longer span (the "all time" period) shows only days with spend. */
export const MAX_FILLED_DAYS = 92;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The report's days with spend (`days`, ascending) as one bar per day, from the period's
 * start (`since`; the first day with spend when null) through today: a day without spend is
 * a bar of 0 rather than missing, so bars side by side are days side by side. Empty when
 * nothing was spent; unchanged when the span is longer than {@link MAX_FILLED_DAYS}.
 */
export function dailySeries(days: readonly SpendDay[], since: string | null, nowMs: number): SpendDay[] {
  if (days.length === 0) return [];
  const first = since === null ? days[0].day : dayOf(Date.parse(since));
  const last = [dayOf(nowMs), days[days.length - 1].day].sort()[1];
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || (end - start) / DAY_MS + 1 > MAX_FILLED_DAYS) return [...days];
  const cost = new Map(days.map((d) => [d.day, d.cost_usd]));
  const out: SpendDay[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const day = dayOf(t);
    out.push({ day, cost_usd: cost.get(day) ?? 0 });
  }
  // A day before the period's start (never expected) is kept, not dropped.
  return [...days.filter((d) => d.day < first), ...out];
}

/** "Dec 2": a chart's day label (UTC, as the days are). */
export function shortDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) ? new Date(t).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }) : day;
}
