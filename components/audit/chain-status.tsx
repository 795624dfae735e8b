"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { verifyAudit } from "@/lib/client/history-api";
import type { AuditVerify } from "@/lib/client/run-types";

/** Recomputes the hash chain on the server and says whether it holds. */
export function ChainStatus() {
  const [result, setResult] = useState<AuditVerify | { error: string } | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    verifyAudit()
      .then((r) => live && setResult(r))
      .catch((err: unknown) => live && setResult({ error: err instanceof Error ? err.message : "Verification failed" }));
    return () => {
      live = false;
    };
  }, [tick]);
  const tone = !result ? "bg-slate-50 text-slate-500 ring-slate-200" : "error" in result || !result.ok ? "bg-red-50 text-red-800 ring-red-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200";
  const text = !result
    ? "Verifying the chain…"
    : "error" in result
      ? result.error
      : result.ok
        ? `Chain verified · ${result.checked} entries`
        : `Chain broken at #${result.first_bad_seq}${result.message ? `: ${result.message}` : ""}`;
  return (
    <div className={`flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-xs font-medium ring-1 ${tone}`} data-testid="audit-chain" data-ok={result && !("error" in result) ? String(result.ok) : undefined}>
      {text}
      <Button size="sm" variant="ghost" onClick={() => { setResult(null); setTick((t) => t + 1); }}>Re-check</Button>
    </div>
  );
}
