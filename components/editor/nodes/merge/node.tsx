"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { WorkflowNodeOf } from "../../flow-types";
import { NodeShell } from "../shared/node-shell";

/** Merge on the canvas: a barrier, nothing to configure at a glance. */
export const MergeNodeView = memo(function MergeNodeView({ id, data, selected }: NodeProps<WorkflowNodeOf<"merge">>) {
  return <NodeShell id={id} type="merge" label={data.config.label} selected={selected} />;
});
