/** Browser calls to `/api/secrets`: values go up, only names and timestamps come back. */
import { apiFetch } from "@/lib/client/http";
import type { SecretAnswer, SecretListAnswer } from "@/lib/secrets/schemas";

/** A secret's name and timestamps (lib/secrets/schemas.ts). */
export type SecretSummary = SecretAnswer;

export const listSecrets = () => apiFetch<SecretListAnswer>("/api/secrets").then((r) => r.items);
export const createSecret = (name: string, value: string) => apiFetch<SecretSummary>("/api/secrets", { method: "POST", body: { name, value } });
export const updateSecret = (name: string, value: string) => apiFetch<SecretSummary>(`/api/secrets/${encodeURIComponent(name)}`, { method: "PUT", body: { value } });
export const deleteSecret = (name: string) => apiFetch<null>(`/api/secrets/${encodeURIComponent(name)}`, { method: "DELETE" });
