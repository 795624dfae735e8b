"use client";
import { Field, TextInput } from "@/components/ui/field";
import { MAX_RETRIES, type NodeConfig } from "@/engine/graph/schema";
import { NumberInput } from "./number-input";

/** Label, retries and timeout: the fields every node kind accepts. */
export function LabelField({ nodeId, config, update }: { nodeId: string; config: NodeConfig; update: (p: Partial<NodeConfig>) => void }) {
  return (
    <Field label="Label" htmlFor={`label-${nodeId}`} hint={`Shown on the canvas; the id ${nodeId} is used when empty.`}>
      <TextInput
        id={`label-${nodeId}`}
        data-testid="field-label"
        value={config.label ?? ""}
        placeholder={nodeId}
        onChange={(e) => update({ label: e.target.value || undefined })}
      />
    </Field>
  );
}

export function ReliabilityFields({ nodeId, config, update }: { nodeId: string; config: NodeConfig; update: (p: Partial<NodeConfig>) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Retries" htmlFor={`retries-${nodeId}`}>
        <NumberInput
          id={`retries-${nodeId}`}
          data-testid="field-retries"
          integer
          min={0}
          max={MAX_RETRIES}
          placeholder="0"
          value={config.retries}
          onChange={(retries) => update({ retries })}
        />
      </Field>
      <Field label="Timeout (ms)" htmlFor={`timeout-${nodeId}`}>
        <NumberInput
          id={`timeout-${nodeId}`}
          data-testid="field-timeout_ms"
          integer
          min={1}
          placeholder="none"
          value={config.timeout_ms}
          onChange={(timeout_ms) => update({ timeout_ms })}
        />
      </Field>
    </div>
  );
}
