"use client";
import { ReactFlowProvider } from "@xyflow/react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/http";
import type { Workflow } from "@/lib/client/types";
import { getWorkflow } from "@/lib/client/workflows";
import { LastRunProvider } from "../last-run/last-run-context";
import { EditorStoreProvider } from "../store/editor-context";
import { EditorShell } from "./editor-shell";

type Load = { kind: "loading" } | { kind: "ready"; workflow: Workflow } | { kind: "missing" } | { kind: "error"; message: string };

/** Loads a workflow and mounts an editor (with its own store) for it. */
export function WorkflowEditor({ id }: { id: string }) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    getWorkflow(id)
      .then((workflow) => live && setLoad({ kind: "ready", workflow }))
      .catch((err) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) setLoad({ kind: "missing" });
        else setLoad({ kind: "error", message: err instanceof Error ? err.message : "Could not load the workflow" });
      });
    return () => {
      live = false;
    };
  }, [id]);

  if (load.kind === "loading") return <Centered testId="editor-loading">Loading workflow…</Centered>;
  if (load.kind === "missing")
    return (
      <Centered testId="editor-missing">
        This workflow does not exist (or was deleted).{" "}
        <Link href="/" className="text-brand-600 hover:underline">
          Back to all workflows
        </Link>
      </Centered>
    );
  if (load.kind === "error") return <Centered testId="editor-error">{load.message}</Centered>;
  return (
    <ReactFlowProvider>
      <EditorStoreProvider workflow={load.workflow}>
        <LastRunProvider>
          <EditorShell />
        </LastRunProvider>
      </EditorStoreProvider>
    </ReactFlowProvider>
  );
}

function Centered({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="flex h-full items-center justify-center text-sm text-slate-500" data-testid={testId}>
      <p className="max-w-md px-6 text-center">{children}</p>
    </div>
  );
}
