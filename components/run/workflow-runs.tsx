"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useDocumentTitle } from "@/components/ui/use-document-title";
import { getWorkflow } from "@/lib/client/workflows";
import { RunsTable } from "./runs-table";

/** One workflow's runs, titled with its name, with links to its editor and history. */
export function WorkflowRuns({ workflowId }: { workflowId: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getWorkflow(workflowId)
      .then((w) => live && setName(w.name))
      .catch(() => live && setName(""));
    return () => {
      live = false;
    };
  }, [workflowId]);
  useDocumentTitle(name ? `Runs of ${name}` : null);
  return (
    <>
      <div className="mx-auto flex max-w-6xl gap-3 px-4 pt-5 text-xs sm:px-6">
        <Link href={`/workflows/${workflowId}`} className="text-brand-600 hover:underline">← Editor</Link>
        <Link href={`/workflows/${workflowId}/versions`} className="text-brand-600 hover:underline" data-testid="link-versions">Version history</Link>
      </div>
      <RunsTable workflowId={workflowId} title={name ? `Runs of ${name}` : "Runs"} />
    </>
  );
}
