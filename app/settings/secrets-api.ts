/** Browser calls to `/api/secrets`: values go up, only names and timestamps come back. */
import { apiFetch } from "@/lib/client/http";

export interface SecretSummary {
  name: string;
  created_at: string;
  updated_at: string;
}

export const listSecrets = () => apiFetch<{ items: SecretSummary[] }>("/api/secrets").then((r) => r.items);
export const createSecret = (name: string, value: string) => apiFetch<SecretSummary>("/api/secrets", { method: "POST", body: { name, value } });
export const updateSecret = (name: string, value: string) => apiFetch<SecretSummary>(`/api/secrets/${encodeURIComponent(name)}`, { method: "PUT", body: { value } });
export const deleteSecret = (name: string) => apiFetch<null>(`/api/secrets/${encodeURIComponent(name)}`, { method: "DELETE" });
