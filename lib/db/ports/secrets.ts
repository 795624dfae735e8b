/** Secrets and webhooks: names, timestamps and sealed values; nothing here sees plaintext. */
import type { Sealed } from "@/lib/secrets/cipher";
import type { SecretAnswer } from "@/lib/secrets/schemas";

/** A secret's name and timestamps, as answers show it. */
export type SecretMeta = SecretAnswer;

export interface SecretStore {
  /** Every secret's name and timestamps, by name. */
  list(): Promise<SecretMeta[]>;
  /** Every secret's name (validation checks `{secrets.NAME}` against them). */
  names(): Promise<string[]>;
  find(name: string): Promise<SecretMeta | null>;
  /** The sealed values of the names that exist. */
  readSealed(names: readonly string[]): Promise<Map<string, Sealed>>;
  insert(name: string, sealed: Sealed, at: Date): Promise<void>;
  /** False when no such secret exists. */
  update(name: string, sealed: Sealed, at: Date): Promise<boolean>;
  /** False when no such secret exists. */
  delete(name: string): Promise<boolean>;
}

export interface HookRow {
  id: string;
  workflow_id: string;
  enabled: boolean;
  created_at: string;
  rotated_at: string;
  last_triggered_at: string | null;
  created_by_id: string;
}

/** A hook with what a trigger needs besides: its sealed secret and its workflow's name. */
export interface HookForTrigger extends HookRow {
  workflow_name: string;
  sealed: Sealed;
}

export interface NewHook {
  id: string;
  workflowId: string;
  sealed: Sealed;
  createdById: string;
  at: Date;
}

/** A workflow's webhook, its secret sealed. Only hooks of live workflows are found. */
export interface HookStore {
  findByWorkflow(workflowId: string): Promise<HookRow | undefined>;
  /** The hook a call to `/api/hooks/{id}` names, with its sealed secret. */
  findForTrigger(id: string): Promise<HookForTrigger | undefined>;
  insert(h: NewHook): Promise<void>;
  /** Replaces the hook's secret: the old one stops working at once. */
  rotateSecret(a: { id: string; sealed: Sealed; at: Date }): Promise<void>;
  setEnabled(a: { id: string; enabled: boolean }): Promise<void>;
  delete(id: string): Promise<void>;
  touch(a: { id: string; at: Date }): Promise<void>;
}
