import { Button } from "@/components/ui/button";
import { Icon, ICONS } from "@/components/ui/icon";

/** What the home page shows before the first workflow exists (the buttons only to those who may make one). */
export function EmptyWorkflows({ mayEdit, onCreate, onImport }: { mayEdit: boolean; onCreate: () => void; onImport: () => void }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 bg-panel px-6 py-16 text-center" data-testid="workflows-empty">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon d={ICONS.workflow} className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">No workflows yet</h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">
        {mayEdit
          ? "Create a workflow and drag agents, tools and conditions onto the canvas, or import a workflow JSON file."
          : "Workflows appear here once someone with the editor role makes one."}
      </p>
      {mayEdit && (
        <div className="mt-6 flex justify-center gap-2">
          <Button onClick={onImport}>
            <Icon d={ICONS.upload} /> Import file
          </Button>
          <Button variant="primary" onClick={onCreate} data-testid="empty-new-workflow">
            <Icon d={ICONS.plus} /> Create your first workflow
          </Button>
        </div>
      )}
    </div>
  );
}
