"use client";
import { useEffect, useRef, useState } from "react";
import { workflowSavedEvent, type WorkflowSavedEvent } from "@/lib/services/workflow-params";
import { useEditorStore } from "../store/editor-context";

/**
 * Saves of this workflow made elsewhere (another person, another tab) since the version the
 * canvas is based on, heard over `GET /api/workflows/{id}/events` as they happen. The
 * browser's EventSource reconnects by itself with the last version it heard. A save of our
 * own drops out as soon as the canvas moves to its version; while one is in flight the
 * caller hides the list, so our own save never flashes up as someone else's.
 */
export function useTheirSaves(): WorkflowSavedEvent[] {
  const workflowId = useEditorStore((s) => s.workflowId);
  const version = useEditorStore((s) => s.version);
  const [heard, setHeard] = useState<WorkflowSavedEvent[]>([]);
  // Subscribed once per workflow, from the version it opened at: a later base version only filters what was heard.
  const openedAt = useRef(version);
  useEffect(() => {
    const source = new EventSource(`/api/workflows/${encodeURIComponent(workflowId)}/events?last_event_id=${openedAt.current}`);
    source.addEventListener("workflow.saved", (e) => {
      const parsed = workflowSavedEvent.safeParse(JSON.parse((e as MessageEvent<string>).data));
      if (parsed.success) setHeard((all) => (all.some((v) => v.version === parsed.data.version) ? all : [...all, parsed.data]));
    });
    return () => source.close();
  }, [workflowId]);
  return heard.filter((v) => v.version > version);
}
