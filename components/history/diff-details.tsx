"use client";
import type { GraphDiff, NodeChange } from "./graph-diff";

const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** The comparison as a list: what was added, removed and changed, and a changed node's fields. */
export function DiffDetails({ diff, selected, onSelect }: { diff: GraphDiff; selected: string | null; onSelect: (id: string) => void }) {
  if (!diff.changed) return <p className="text-xs text-slate-500" data-testid="diff-summary">The two versions run the same graph (only positions may differ).</p>;
  const node = diff.changedNodes.find((c) => c.id === selected) ?? diff.changedNodes[0];
  return (
    <div className="space-y-4 text-xs" data-testid="diff-summary">
      <Group title="Nodes added" tone="text-emerald-700" items={diff.addedNodes.map((n) => n.id)} testId="diff-added" />
      <Group title="Nodes removed" tone="text-red-700" items={diff.removedNodes.map((n) => n.id)} testId="diff-removed" />
      <section>
        <h4 className="mb-1 text-[10px] font-semibold tracking-wide text-amber-700 uppercase">Nodes changed</h4>
        {diff.changedNodes.length === 0 ? (
          <p className="text-slate-500">none</p>
        ) : (
          <div className="flex flex-wrap gap-1">
            {diff.changedNodes.map((c) => (
              <button key={c.id} type="button" onClick={() => onSelect(c.id)} data-testid="diff-changed"
                className={`rounded px-1.5 py-0.5 font-mono ${c.id === node?.id ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700 hover:bg-amber-50"}`}>
                {c.id}
              </button>
            ))}
          </div>
        )}
      </section>
      <Group title="Edges added / removed / changed" tone="text-slate-700"
        items={[...diff.addedEdges.map((e) => `+ ${e.source}→${e.target}`), ...diff.removedEdges.map((e) => `− ${e.source}→${e.target}`), ...diff.changedEdges.map((e) => `~ ${e.after.source}→${e.after.target}`)]} testId="diff-edges" />
      {node && <ConfigDiff change={node} />}
    </div>
  );
}

function Group({ title, tone, items, testId }: { title: string; tone: string; items: string[]; testId: string }) {
  return (
    <section data-testid={testId}>
      <h4 className={`mb-1 text-[10px] font-semibold tracking-wide uppercase ${tone}`}>{title}</h4>
      {items.length ? <p className="font-mono text-slate-700">{items.join(", ")}</p> : <p className="text-slate-500">none</p>}
    </section>
  );
}

function ConfigDiff({ change }: { change: NodeChange }) {
  return (
    <section data-testid="config-diff" data-node-id={change.id}>
      <h4 className="mb-1 text-[10px] font-semibold tracking-wide text-slate-500 uppercase">Config of {change.id}</h4>
      {change.typeChanged && <p className="mb-1 text-amber-800">type {change.before.type} → {change.after.type}</p>}
      <table className="w-full table-fixed font-mono text-[11px]">
        <tbody>
          {change.fields.map((f) => (
            <tr key={f.path} className="align-top">
              <td className="w-24 truncate py-1 pr-2 text-slate-500" title={f.path}>{f.path}</td>
              <td className="py-1 pr-1"><span className="block rounded bg-red-50 px-1.5 py-0.5 break-all text-red-800 line-through decoration-red-300">{show(f.before)}</span></td>
              <td className="py-1"><span className="block rounded bg-emerald-50 px-1.5 py-0.5 break-all text-emerald-800">{show(f.after)}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
