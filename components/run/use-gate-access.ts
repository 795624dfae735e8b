"use client";
import { useEffect, useState } from "react";
import { onDecision } from "@/components/approvals/decisions";
import { getRunGate } from "@/lib/client/run-api";
import type { PendingGateView } from "@/lib/client/run-types";

export type GateAccessView = Pick<PendingGateView, "may_decide" | "may_reject" | "decide_refusal">;

/**
 * Whether the signed-in person may decide the run's pending gate now, and why not. The run
 * page's gate comes from the stream, whose events are the same for everyone; so this asks
 * the server (`GET /api/runs/{id}/gate`) whenever the gate or its approvals change and after
 * a decision of one's own, starting from what the run's first load said.
 */
export function useGateAccess(runId: string, gate: PendingGateView): GateAccessView | null {
  const known = gate.may_decide === undefined ? null : { may_decide: gate.may_decide, may_reject: gate.may_reject, decide_refusal: gate.decide_refusal };
  const [asked, setAsked] = useState<{ key: string; access: GateAccessView } | null>(null);
  const [decided, setDecided] = useState(0);
  const key = `${gate.node_id}:${gate.approvals.length}:${decided}`;
  useEffect(() => onDecision((id) => id === runId && setDecided((n) => n + 1)), [runId]);
  useEffect(() => {
    const controller = new AbortController();
    getRunGate(runId, controller.signal)
      .then(({ pending_gate }) => pending_gate && setAsked({ key, access: pending_gate }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [runId, key]);
  // While it asks again (an approval came in), what the run's model knows of the viewer stands
  // (run-state.ts keeps it across the gate's events): the form stays, with what the reviewer
  // typed. The server checks every decision anyway.
  return asked?.key === key ? asked.access : known;
}
