/** Browser calls to a workflow's webhook (`/api/workflows/{id}/hook`); the secret comes back only from make and rotate. */
import type { HookAnswer, HookChangedAnswer, HookLookupAnswer, HookWithSecretAnswer } from "@/lib/services/hook-answers";
import { apiFetch } from "./http";

export type Webhook = HookAnswer;

const path = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/hook`;

/** The workflow's webhook, or null when it has none. */
export const getWebhook = (workflowId: string) => apiFetch<HookLookupAnswer>(path(workflowId)).then((r) => r.hook);

/** Makes the webhook, or gives it a new secret (the old one stops working at once). */
export const makeWebhook = (workflowId: string) => apiFetch<HookWithSecretAnswer>(path(workflowId), { method: "POST" });

export const setWebhookEnabled = (workflowId: string, enabled: boolean) =>
  apiFetch<HookChangedAnswer>(path(workflowId), { method: "PATCH", body: { enabled } }).then((r) => r.hook);

export const deleteWebhook = (workflowId: string) => apiFetch<null>(path(workflowId), { method: "DELETE" });
