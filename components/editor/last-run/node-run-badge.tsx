"use client";
import { StatusBadge } from "@/components/ui/status-badge";
import { useEditorLayout } from "../shell/editor-layout";
import { useLastRun } from "./last-run-context";
import { badgeWord } from "./last-run-view";

/** The node's status in the last run, as a pill on its top edge (word and colour); nothing while "Last run" is off. */
export function NodeRunBadge({ nodeId }: { nodeId: string }) {
  const on = useEditorLayout((s) => s.lastRun);
  const status = useLastRun((s) => s.byNode[nodeId]?.status);
  if (!on || !status) return null;
  const word = badgeWord(status);
  return (
    <span className="pointer-events-none absolute -top-3 right-2" data-testid={`node-run-status-${nodeId}`} data-status={word} title={`Last run: ${word}`}>
      <StatusBadge status={word} />
    </span>
  );
}
