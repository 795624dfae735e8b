"use client";
import type { NodeFormProps } from "../form-props";

/** Merge has nothing of its own to configure. */
export function MergeForm(_props: NodeFormProps<"merge">) {
  return <p className="text-xs text-slate-500">Runs once every incoming branch has arrived or been skipped, and at least one arrived.</p>;
}
