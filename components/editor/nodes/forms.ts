/** The inspector's config form per node kind. */
import type { ComponentType } from "react";
import type { NodeType } from "@/engine/graph/schema";
import { AgentForm } from "./agent/form";
import { ConditionForm } from "./condition/form";
import type { NodeFormProps } from "./form-props";
import { HumanGateForm } from "./human-gate/form";
import { LoopForm } from "./loop/form";
import { MergeForm } from "./merge/form";
import { ToolForm } from "./tool/form";

export const NODE_FORMS: { [T in NodeType]: ComponentType<NodeFormProps<T>> } = {
  agent: AgentForm,
  tool: ToolForm,
  condition: ConditionForm,
  loop: LoopForm,
  human_gate: HumanGateForm,
  merge: MergeForm,
};
