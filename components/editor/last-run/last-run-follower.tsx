"use client";
import { useEffect } from "react";
import { useRunStream } from "@/components/run/use-run-stream";
import { listRunSummaries } from "@/lib/client/run-api";
import { useEditorLayout } from "../shell/editor-layout";
import { useLastRun, useLastRunApi } from "./last-run-context";

/**
 * While "Last run" is on: finds the workflow's newest run (unless one was just started
 * from the editor, which set it) and follows it live from its event stream, as the run
 * page does. Off, it forgets the run, so turning it on again finds the newest.
 */
export function LastRunFollower({ workflowId }: { workflowId: string }) {
  const on = useEditorLayout((s) => s.lastRun);
  const api = useLastRunApi();
  const find = useLastRun((s) => s.find);
  useEffect(() => {
    const { setFind, find: now } = api.getState();
    if (!on) {
      setFind({ kind: "idle" });
      return;
    }
    if (now.kind === "run") return;
    let live = true;
    setFind({ kind: "finding" });
    listRunSummaries({ workflowId, limit: 1 })
      .then(({ items: [last] }) => {
        // A run started from the editor meanwhile wins over the list's answer.
        if (live && api.getState().find.kind === "finding") setFind(last ? { kind: "run", id: last.id } : { kind: "none" });
      })
      .catch((err: unknown) => {
        if (live) setFind({ kind: "error", message: err instanceof Error ? err.message : "Could not load the last run" });
      });
    return () => {
      live = false;
    };
  }, [on, workflowId, api]);
  return on && find.kind === "run" ? <RunStreamSync key={find.id} id={find.id} /> : null;
}

/** Copies the streamed run into the editor's last-run store. */
function RunStreamSync({ id }: { id: string }) {
  const { load } = useRunStream(id);
  const api = useLastRunApi();
  useEffect(() => {
    const { setRun, setFind } = api.getState();
    if (load.kind === "ready") setRun(load.state.run.status, load.state.steps);
    else if (load.kind === "missing") setFind({ kind: "none" });
    else if (load.kind === "error") setFind({ kind: "error", message: load.message });
  }, [load, api]);
  return null;
}
