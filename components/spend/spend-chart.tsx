"use client";
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { usdTick } from "@/components/ui/format";
import { dailySeries, shortDay, type SpendDay } from "./daily-series";

/** Cost per day as bars, one per day of the period through `now` (see `dailySeries`). */
export function SpendChart({ days: spent, since, now }: { days: SpendDay[]; since: string | null; now: number }) {
  const days = useMemo(() => dailySeries(spent, since, now), [spent, since, now]);
  if (days.length === 0) return <p className="flex h-full items-center justify-center text-xs text-slate-500">No spend in this period.</p>;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
        <XAxis dataKey="day" tick={{ fontSize: 10, fill: "var(--color-slate-500)" }} tickLine={false} axisLine={{ stroke: "var(--color-slate-300)" }} tickFormatter={shortDay} minTickGap={12} />
        <YAxis tick={{ fontSize: 10, fill: "var(--color-slate-500)" }} tickLine={false} axisLine={false} width={84} tickFormatter={usdTick} />
        <Tooltip formatter={(v) => [`$${Number(v).toFixed(6)}`, "Cost"]} labelFormatter={(day) => `${shortDay(String(day))} (UTC)`} cursor={{ fill: "var(--color-slate-100)" }} contentStyle={{ fontSize: 12, borderRadius: 8, background: "var(--color-panel)", borderColor: "var(--color-slate-200)", color: "var(--color-slate-900)" }} />
        <Bar dataKey="cost_usd" fill="var(--color-brand-500)" radius={[3, 3, 0, 0]} maxBarSize={36} />
      </BarChart>
    </ResponsiveContainer>
  );
}
