"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { relativeTime } from "@/components/ui/format";
import { verifyAudit } from "@/lib/client/history-api";
import type { AuditVerify } from "@/lib/client/run-types";

/**
 * Says whether the hash chain holds. On load the server checks the rows appended since its
 * last check (cheap however long the chain); "Full check" recomputes every row.
 */
export function ChainStatus() {
  const [result, setResult] = useState<AuditVerify | { error: string } | null>(null);
  const [request, setRequest] = useState<{ scope: "full" | "new" }>({ scope: "new" });
  useEffect(() => {
    let live = true;
    verifyAudit(request.scope)
      .then((r) => live && setResult(r))
      .catch((err: unknown) => live && setResult({ error: err instanceof Error ? err.message : "Verification failed" }));
    return () => {
      live = false;
    };
  }, [request]);
  const tone = !result ? "bg-slate-50 text-slate-500 ring-slate-200" : "error" in result || !result.ok ? "bg-red-50 text-red-800 ring-red-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200";
  const text = !result
    ? request.scope === "full"
      ? "Checking every entry…"
      : "Verifying the chain…"
    : "error" in result
      ? result.error
      : result.ok
        ? `Chain verified · ${result.checked.toLocaleString()} ${result.checked === 1 ? "entry" : "entries"}`
        : `Chain broken at #${result.first_bad_seq}${result.message ? `: ${result.message}` : ""}`;
  const fullCheck = result && !("error" in result) && result.ok && result.full_check_at ? result.full_check_at : null;
  return (
    <div className={`flex max-w-full shrink-0 flex-wrap items-center gap-3 rounded-lg px-3 py-2 text-xs font-medium ring-1 ${tone}`} data-testid="audit-chain" data-ok={result && !("error" in result) ? String(result.ok) : undefined}>
      <span>
        {text}
        {fullCheck && (
          <span className="block font-normal opacity-80" title={fullCheck} data-testid="audit-full-check">
            {result && !("error" in result) && result.scope === "full" ? "every entry checked just now" : `new entries checked now · every entry checked ${relativeTime(fullCheck)}`}
          </span>
        )}
      </span>
      <Button size="sm" variant="ghost" onClick={() => { setResult(null); setRequest({ scope: "full" }); }}>Full check</Button>
    </div>
  );
}
