/** How the gate panel and the inbox word a gate's approvals and refusals. */
import type { PendingGateView } from "@/lib/client/run-types";

/** "1 of 2 approvals: Ada Admin", or null when one approval decides and none is in yet. */
export function approvalsProgress(gate: Pick<PendingGateView, "approvals" | "required_approvals">): string | null {
  const { approvals, required_approvals } = gate;
  if (required_approvals <= 1 && approvals.length === 0) return null;
  const names = approvals.map((a) => a.actor_name).join(", ");
  return `${approvals.length} of ${required_approvals} approval${required_approvals === 1 ? "" : "s"}${names ? `: ${names}` : ""}`;
}

/** A reason as a sentence: first letter up, a full stop at the end. */
export const sentence = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
