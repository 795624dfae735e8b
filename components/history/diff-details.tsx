"use client";
import { nodeLabel, type GraphNode } from "@/engine/graph/schema";
import type { GraphDiff, NodeChange } from "./graph-diff";

const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** The comparison as a list: what was added, removed and changed, and a changed node's fields. */
export function DiffDetails({ diff, selected, onSelect }: { diff: GraphDiff; selected: string | null; onSelect: (id: string) => void }) {
  if (!diff.changed) return <p className="text-xs text-slate-500" data-testid="diff-summary">The two versions run the same graph (only positions may differ).</p>;
  const node = diff.changedNodes.find((c) => c.id === selected) ?? diff.changedNodes[0];
  // Nodes by the label people gave them; an edge end by its node's label in either version.
  const labels = new Map<string, string>();
  for (const n of [...diff.removedNodes, ...diff.changedNodes.map((c) => c.after), ...diff.addedNodes]) labels.set(n.id, nodeLabel(n));
  const name = (id: string) => labels.get(id) ?? id;
  const named = (nodes: GraphNode[]) => nodes.map((n) => ({ text: nodeLabel(n), title: n.id }));
  const edge = (mark: string, e: { source: string; target: string }) => ({ text: `${mark} ${name(e.source)} → ${name(e.target)}`, title: `${e.source} → ${e.target}` });
  return (
    <div className="space-y-4 text-xs" data-testid="diff-summary">
      <Group title="Nodes added" tone="text-emerald-700" items={named(diff.addedNodes)} testId="diff-added" />
      <Group title="Nodes removed" tone="text-red-700" items={named(diff.removedNodes)} testId="diff-removed" />
      <section>
        <h4 className="mb-1 text-[10px] font-semibold tracking-wide text-amber-700 uppercase">Nodes changed</h4>
        {diff.changedNodes.length === 0 ? (
          <p className="text-slate-500">none</p>
        ) : (
          <div className="flex flex-wrap gap-1">
            {diff.changedNodes.map((c) => (
              <button key={c.id} type="button" onClick={() => onSelect(c.id)} data-testid="diff-changed" data-node-id={c.id} title={c.id} aria-pressed={c.id === node?.id}
                className={`rounded px-1.5 py-0.5 ${c.id === node?.id ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700 hover:bg-amber-50"}`}>
                {name(c.id)}
              </button>
            ))}
          </div>
        )}
      </section>
      <Group title="Edges added / removed / changed" tone="text-slate-700"
        items={[...diff.addedEdges.map((e) => edge("+", e)), ...diff.removedEdges.map((e) => edge("−", e)), ...diff.changedEdges.map((e) => edge("~", e.after))]} testId="diff-edges" />
      {node && <ConfigDiff change={node} name={name(node.id)} />}
    </div>
  );
}

function Group({ title, tone, items, testId }: { title: string; tone: string; items: { text: string; title: string }[]; testId: string }) {
  return (
    <section data-testid={testId}>
      <h4 className={`mb-1 text-[10px] font-semibold tracking-wide uppercase ${tone}`}>{title}</h4>
      {items.length ? (
        <p className="text-slate-700">
          {items.map((item, i) => (
            <span key={`${item.title}-${i}`} title={item.title}>
              {i > 0 && ", "}
              {item.text}
            </span>
          ))}
        </p>
      ) : (
        <p className="text-slate-500">none</p>
      )}
    </section>
  );
}

function ConfigDiff({ change, name }: { change: NodeChange; name: string }) {
  return (
    <section data-testid="config-diff" data-node-id={change.id}>
      <h4 className="mb-1 text-[10px] font-semibold tracking-wide text-slate-500 uppercase" title={change.id}>Config of {name}</h4>
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
