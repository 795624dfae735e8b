"use client";
import { useMemo, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { Button } from "@/components/ui/button";
import { Icon, ICONS } from "@/components/ui/icon";
import { Select } from "@/components/ui/field";
import { isBranching } from "../flow-types";
import { useEditorStore } from "../store/editor-context";

const SEP = "\u0000";

/**
 * The selected node's connections, and a way to make one without a pointer: pick the target
 * (and, from a condition or loop, the branch) and Connect; each connection can be removed.
 */
export function NodeConnections({ nodeId }: { nodeId: string }) {
  const type = useEditorStore((s) => s.nodes.find((n) => n.id === nodeId)?.type);
  const edges = useEditorStore(useShallow((s) => s.edges.filter((e) => e.source === nodeId || e.target === nodeId)));
  // One string, so the list re-renders only when a node is added, removed or renamed.
  const nodeList = useEditorStore((s) => s.nodes.map((n) => `${n.id}${SEP}${n.data.config.label ?? ""}`).join("\n"));
  const connect = useEditorStore((s) => s.connect);
  const onEdgesChange = useEditorStore((s) => s.onEdgesChange);
  const selectEdge = useEditorStore((s) => s.selectEdge);
  const names = useMemo(() => new Map(nodeList.split("\n").filter(Boolean).map((line) => {
    const [id, label] = line.split(SEP);
    return [id, label?.trim() || id] as const;
  })), [nodeList]);
  const [target, setTarget] = useState("");
  const [branch, setBranch] = useState<"true" | "false">("true");
  if (!type) return null;
  const branching = isBranching(type);
  const outgoing = edges.filter((e) => e.source === nodeId);
  const incoming = edges.filter((e) => e.target === nodeId);
  const targets = [...names].filter(([id]) => id !== nodeId);
  const add = () => {
    if (!target) return;
    connect({ source: nodeId, target, sourceHandle: branching ? branch : null, targetHandle: null });
    setTarget("");
  };
  const remove = (id: string) => onEdgesChange([{ type: "remove", id }]);

  return (
    <section className="space-y-2 border-t border-slate-100 pt-3" aria-labelledby={`connections-${nodeId}`} data-testid="node-connections">
      <h3 id={`connections-${nodeId}`} className="text-xs font-medium text-slate-600">
        Connections
      </h3>
      {edges.length === 0 && <p className="text-xs text-slate-500">Not connected yet.</p>}
      <ul className="space-y-1 text-xs">
        {[...incoming.map((e) => ({ e, dir: "from" as const, other: e.source })), ...outgoing.map((e) => ({ e, dir: "to" as const, other: e.target }))].map(({ e, dir, other }) => (
          <li key={e.id} className="flex items-center gap-2" data-testid="node-connection" data-edge-id={e.id}>
            <button type="button" onClick={() => selectEdge(e.id)} className="min-w-0 flex-1 truncate rounded text-left text-slate-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500" title="Edit this connection" data-testid="node-connection-open">
              {dir === "from" ? "← from " : "→ to "}
              <b className="font-medium text-slate-900">{names.get(other) ?? other}</b>
              {e.sourceHandle && dir === "to" && <span className="ml-1 rounded bg-slate-100 px-1 font-mono text-[10px]">{e.sourceHandle}</span>}
            </button>
            <Button variant="ghost" size="sm" onClick={() => remove(e.id)} aria-label={`Remove the connection ${dir} ${names.get(other) ?? other}`} data-testid="node-connection-remove">
              <Icon d={ICONS.x} className="size-3.5" />
            </Button>
          </li>
        ))}
      </ul>
      {targets.length > 0 && (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <Select aria-label="Connect to" value={target} onChange={(e) => setTarget(e.target.value)} data-testid="connect-target">
              <option value="">Connect to…</option>
              {targets.map(([id, name]) => (
                <option key={id} value={id}>
                  {name === id ? id : `${name} (${id})`}
                </option>
              ))}
            </Select>
          </div>
          {branching && (
            <div className="w-20">
              <Select aria-label="Branch" value={branch} onChange={(e) => setBranch(e.target.value === "false" ? "false" : "true")} data-testid="connect-branch">
                <option value="true">true</option>
                <option value="false">false</option>
              </Select>
            </div>
          )}
          <Button size="md" onClick={add} disabled={!target} data-testid="connect-add">
            Connect
          </Button>
        </div>
      )}
    </section>
  );
}
