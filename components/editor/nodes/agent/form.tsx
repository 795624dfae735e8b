"use client";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import { NumberInput } from "../../inspector/number-input";
import { useModels } from "../../inspector/use-catalog";
import { issueFor, type NodeFormProps } from "../form-props";

/** Agent settings: model (any name allowed, unknown ones warned about), prompts, sampling, output key. */
export function AgentForm({ nodeId, config, update, issues }: NodeFormProps<"agent">) {
  const models = useModels();
  const known = models === null || models.some((m) => m.id === config.model);
  const listId = `models-${nodeId}`;
  const warning = issueFor(issues, "unknown_model") ?? (known ? undefined : "Not in the price table: the run works, but costs show as $0.");
  return (
    <>
      <Field label="Model" htmlFor={`model-${nodeId}`} warning={warning} error={issueFor(issues, "invalid_shape")} hint="openai:…, anthropic:…, local:… or mock">
        <TextInput
          id={`model-${nodeId}`}
          data-testid="field-model"
          list={listId}
          value={config.model}
          onChange={(e) => update({ model: e.target.value })}
        />
        <datalist id={listId}>
          {models?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.provider}
            </option>
          ))}
        </datalist>
      </Field>
      <Field label="System prompt" htmlFor={`system-${nodeId}`}>
        <TextArea id={`system-${nodeId}`} data-testid="field-system_prompt" rows={3} value={config.system_prompt ?? ""} onChange={(e) => update({ system_prompt: e.target.value || undefined })} />
      </Field>
      <Field label="User message" htmlFor={`user-${nodeId}`} hint="Template: {key} inserts a state value. Empty sends the whole state as JSON.">
        <TextArea id={`user-${nodeId}`} data-testid="field-user_message" rows={4} value={config.user_message ?? ""} onChange={(e) => update({ user_message: e.target.value })} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Temperature" htmlFor={`temp-${nodeId}`}>
          <NumberInput id={`temp-${nodeId}`} data-testid="field-temperature" min={0} max={2} step={0.1} placeholder="default" value={config.temperature} onChange={(temperature) => update({ temperature })} />
        </Field>
        <Field label="Max tokens" htmlFor={`maxtok-${nodeId}`}>
          <NumberInput id={`maxtok-${nodeId}`} data-testid="field-max_tokens" integer min={1} placeholder="default" value={config.max_tokens} onChange={(max_tokens) => update({ max_tokens })} />
        </Field>
      </div>
      <Field label="Output key" htmlFor={`out-${nodeId}`} hint={`The reply is written to state under this key (default: ${nodeId}).`}>
        <TextInput id={`out-${nodeId}`} data-testid="field-output_key" placeholder={nodeId} value={config.output_key ?? ""} onChange={(e) => update({ output_key: e.target.value || undefined })} />
      </Field>
    </>
  );
}
