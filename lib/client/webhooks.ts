/** Browser calls to a workflow's webhook (`/api/workflows/{id}/hook`); the secret comes back only from make and rotate. */
import type { HookDto } from "@/lib/services/hooks";
import { apiFetch } from "./http";

export type Webhook = HookDto;

const path = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/hook`;

/** The workflow's webhook, or null when it has none. */
export const getWebhook = (workflowId: string) => apiFetch<{ hook: Webhook | null }>(path(workflowId)).then((r) => r.hook);

/** Makes the webhook, or gives it a new secret (the old one stops working at once). */
export const makeWebhook = (workflowId: string) => apiFetch<{ hook: Webhook; secret: string }>(path(workflowId), { method: "POST" });

export const setWebhookEnabled = (workflowId: string, enabled: boolean) =>
  apiFetch<{ hook: Webhook }>(path(workflowId), { method: "PATCH", body: { enabled } }).then((r) => r.hook);

export const deleteWebhook = (workflowId: string) => apiFetch<null>(path(workflowId), { method: "DELETE" });
