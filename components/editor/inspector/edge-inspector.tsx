"use client";
import { Field, Select, TextInput } from "@/components/ui/field";
import { isBranching } from "../flow-types";
import { useEditorStore } from "../store/editor-context";

/** The selected edge: its condition value (true/false from a branching node) and label. */
export function EdgeInspector({ edgeId }: { edgeId: string }) {
  const edge = useEditorStore((s) => s.edges.find((e) => e.id === edgeId));
  const sourceType = useEditorStore((s) => (edge ? s.nodes.find((n) => n.id === edge.source)?.type : undefined));
  const issues = useEditorStore((s) => s.issues.byEdge[edgeId]);
  const updateEdge = useEditorStore((s) => s.updateEdge);
  const selectNode = useEditorStore((s) => s.selectNode);
  if (!edge) return null;
  const branching = sourceType !== undefined && isBranching(sourceType);
  const value = edge.data?.condition_value ?? "";
  return (
    <div className="space-y-4" data-testid="edge-inspector" data-edge-id={edgeId}>
      <div>
        <h2 className="text-sm font-semibold text-slate-900">Edge</h2>
        {/* Going to an end selects that node; the canvas brings it into view when it is off screen. */}
        <p className="font-mono text-[11px] text-slate-500">
          <GoToNode id={edge.source} onGo={selectNode} testId="edge-go-source" /> → <GoToNode id={edge.target} onGo={selectNode} testId="edge-go-target" />
        </p>
      </div>
      {issues && (
        <ul className="space-y-1 text-xs">
          {issues.map((i, n) => (
            <li key={n} className={i.severity === "error" ? "text-red-700" : "text-amber-800"}>
              {i.message}
            </li>
          ))}
        </ul>
      )}
      <Field label="Condition value" hint={branching ? "Fires when the source's result is this value." : "Only condition and loop nodes choose edges by value."}>
        {branching ? (
          <Select data-testid="field-condition_value" value={value} onChange={(e) => updateEdge(edgeId, { condition_value: e.target.value || undefined })}>
            <option value="">(use the label)</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </Select>
        ) : (
          <TextInput data-testid="field-condition_value" value={value} onChange={(e) => updateEdge(edgeId, { condition_value: e.target.value || undefined })} />
        )}
      </Field>
      <Field label="Label" hint="Shown on the canvas.">
        <TextInput data-testid="field-edge-label" value={edge.data?.label ?? ""} onChange={(e) => updateEdge(edgeId, { label: e.target.value || undefined })} />
      </Field>
    </div>
  );
}

function GoToNode({ id, onGo, testId }: { id: string; onGo: (id: string) => void; testId: string }) {
  const go = () => {
    onGo(id);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true }));
  };
  return (
    <button type="button" onClick={go} className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500" title={`Go to ${id}`} data-testid={testId}>
      {id}
    </button>
  );
}
