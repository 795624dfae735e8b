/**
 * What the editor knows about a node kind besides its config schema: how it looks in
 * the palette and on the canvas, its starting config, and a one-line summary.
 */
import type { NodeConfig, NodeType } from "@/engine/graph/schema";

export interface NodeKind<T extends NodeType = NodeType> {
  type: T;
  title: string;
  /** One sentence for the palette. */
  blurb: string;
  /** SVG path data on a 24×24 stroke grid. */
  icon: string;
  /** Tailwind classes for the icon chip. */
  chip: string;
  defaultConfig: () => NodeConfig<T>;
  /** The key config at a glance, shown on the node. */
  summary: (config: NodeConfig<T>) => string;
}

/** Shortens a one-line summary so every node keeps the same width. */
export function clip(text: string | undefined, max = 42): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
