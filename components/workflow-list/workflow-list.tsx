"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useCan } from "@/components/auth/session-context";
import { Button } from "@/components/ui/button";
import { Icon, ICONS } from "@/components/ui/icon";
import { downloadText } from "@/components/editor/io/download";
import { parseWorkflowFile, toWorkflowFile, workflowFileName } from "@/components/editor/io/workflow-file";
import type { WorkflowSummary } from "@/lib/client/types";
import { createWorkflow, deleteWorkflow, getWorkflow, updateWorkflow } from "@/lib/client/workflows";
import { DeleteDialog } from "./delete-dialog";
import { EmptyWorkflows } from "./empty-workflows";
import { NameDialog } from "./name-dialog";
import { useDebounced, useWorkflowList } from "./use-workflow-list";
import { WorkflowRow } from "./workflow-row";
import { HiddenFileInput } from "@/components/ui/hidden-file-input";
import { TextInput } from "@/components/ui/field";
import { TableScroll } from "@/components/ui/table-scroll";

type Open = { kind: "create" } | { kind: "rename"; wf: WorkflowSummary } | { kind: "duplicate"; wf: WorkflowSummary } | { kind: "delete"; wf: WorkflowSummary } | null;

/** The home page: every workflow with create, import, rename, duplicate, export and delete. */
export function WorkflowList() {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), 200);
  const { state, refresh, loadMore } = useWorkflowList(query);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const mayEdit = useCan("edit");

  const importFile = async (f: File) => {
    const parsed = parseWorkflowFile(await f.text());
    if (!parsed.ok) return setNotice(parsed.message);
    const name = parsed.file.name ?? f.name.replace(/\.workflow\.json$|\.json$/i, "");
    const wf = await createWorkflow({ name, description: parsed.file.description ?? undefined, graph: parsed.file.graph });
    router.push(`/workflows/${wf.id}`);
  };
  const exportOne = async (wf: WorkflowSummary) => {
    const full = await getWorkflow(wf.id);
    downloadText(workflowFileName(full.name), toWorkflowFile({ name: full.name, description: full.description, graph: full.graph }));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Workflows</h1>
          <p className="mt-1 text-sm text-slate-500">Design LLM and agent workflows on a canvas, then run them.</p>
        </div>
        {mayEdit && (
          <div className="flex gap-2">
            <Button onClick={() => file.current?.click()} data-testid="import-workflow">
              <Icon d={ICONS.upload} /> Import
            </Button>
            <Button variant="primary" onClick={() => setOpen({ kind: "create" })} data-testid="new-workflow">
              <Icon d={ICONS.plus} /> New workflow
            </Button>
            <HiddenFileInput inputRef={file} testId="import-workflow-file" onFile={(f) => importFile(f).catch((err) => setNotice(err instanceof Error ? err.message : "Import failed"))} />
          </div>
        )}
      </div>
      {notice && (
        <p className="mt-4 rounded-md bg-red-50 px-4 py-2 text-sm text-red-800 ring-1 ring-red-100" data-testid="home-notice">
          {notice}
        </p>
      )}
      {(search !== "" || (state.kind === "ready" && state.items.length > 0)) && (
        <div className="mt-6 max-w-sm">
          <TextInput type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search names and descriptions" aria-label="Search workflows" maxLength={200} data-testid="workflow-search" />
        </div>
      )}
      <div className="mt-4">
        {state.kind === "loading" && <div className="h-40 animate-pulse rounded-xl bg-panel ring-1 ring-slate-200" data-testid="workflows-loading" />}
        {state.kind === "error" && <p className="text-sm text-red-700">{state.message}</p>}
        {state.kind === "ready" && state.items.length === 0 && query === "" && search === "" && <EmptyWorkflows mayEdit={mayEdit} onCreate={() => setOpen({ kind: "create" })} onImport={() => file.current?.click()} />}
        {state.kind === "ready" && state.items.length === 0 && query !== "" && (
          <p className="rounded-xl bg-panel px-5 py-8 text-center text-sm text-slate-500 ring-1 ring-slate-200" data-testid="workflows-no-match">
            No workflow’s name or description contains “{query}”.
          </p>
        )}
        {state.kind === "ready" && state.items.length > 0 && (
          <TableScroll label="Workflows" className="overflow-hidden rounded-xl bg-panel shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left text-sm" data-testid="workflow-table">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-500">
                <tr>
                  <th className="py-2.5 pr-3 pl-5 font-medium">Name</th>
                  <th className="px-3 py-2.5 font-medium">Version</th>
                  <th className="px-3 py-2.5 font-medium">Nodes</th>
                  <th className="px-3 py-2.5 font-medium">Last run</th>
                  <th className="px-3 py-2.5 font-medium">Updated</th>
                  <th className="py-2.5 pr-5 pl-3" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {state.items.map((wf) => (
                  <WorkflowRow
                    key={wf.id}
                    wf={wf}
                    onRename={() => setOpen({ kind: "rename", wf })}
                    onDuplicate={() => setOpen({ kind: "duplicate", wf })}
                    onExport={() => void exportOne(wf).catch((err) => setNotice(String(err)))}
                    onDelete={() => setOpen({ kind: "delete", wf })}
                  />
                ))}
              </tbody>
            </table>
            {state.nextCursor && (
              <div className="border-t border-slate-100 p-3 text-center">
                <Button size="sm" variant="ghost" onClick={() => void loadMore()}>
                  Load more
                </Button>
              </div>
            )}
          </TableScroll>
        )}
      </div>
      {open?.kind === "create" && (
        <NameDialog
          title="New workflow"
          submitLabel="Create"
          withDescription
          onClose={() => setOpen(null)}
          onSubmit={async (name, description) => {
            const wf = await createWorkflow({ name, description: description || undefined });
            router.push(`/workflows/${wf.id}`);
          }}
        />
      )}
      {open?.kind === "rename" && (
        <NameDialog
          title="Rename workflow"
          submitLabel="Rename"
          initialName={open.wf.name}
          onClose={() => setOpen(null)}
          onSubmit={async (name) => {
            await updateWorkflow(open.wf.id, { name, base_version: open.wf.version });
            setOpen(null);
            await refresh();
          }}
        />
      )}
      {open?.kind === "duplicate" && (
        <NameDialog
          title="Duplicate workflow"
          submitLabel="Duplicate"
          initialName={`${open.wf.name} (copy)`}
          onClose={() => setOpen(null)}
          onSubmit={async (name) => {
            // The copy starts at version 1 from the original's current graph; runs and history stay with the original.
            const source = await getWorkflow(open.wf.id);
            const wf = await createWorkflow({ name, description: source.description || undefined, graph: source.graph });
            router.push(`/workflows/${wf.id}`);
          }}
        />
      )}
      {open?.kind === "delete" && (
        <DeleteDialog
          name={open.wf.name}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await deleteWorkflow(open.wf.id);
            setOpen(null);
            await refresh();
          }}
        />
      )}
    </div>
  );
}
