/** Browser calls to the account, user and API key endpoints (docs/api.md, "Accounts and access"). */
import type { Role } from "@/lib/auth/roles";
import type { ApiKeyCreatedAnswer, ApiKeyListAnswer, PasswordChangedAnswer, UserAnswer, UserListAnswer } from "@/lib/services/account-answers";
import { apiFetch, ApiError } from "./http";

export type { ApiKeyAnswer as ApiKeyView, ApiKeyCreatedAnswer as CreatedApiKeyView, UserAnswer as UserView } from "@/lib/services/account-answers";

export function changePassword(body: { current_password: string; new_password: string; revoke_other_sessions?: boolean }): Promise<PasswordChangedAnswer> {
  return apiFetch("/api/auth/change-password", { method: "POST", body });
}

export const listUsers = () => apiFetch<UserListAnswer>("/api/users").then((p) => p.items);

export function createUser(body: { email: string; name: string; role: Role; password: string }): Promise<UserAnswer> {
  return apiFetch("/api/users", { method: "POST", body });
}

export function updateUser(id: string, patch: { role?: Role; disabled?: boolean; name?: string }): Promise<UserAnswer> {
  return apiFetch(`/api/users/${encodeURIComponent(id)}`, { method: "PATCH", body: patch });
}

export const deleteUser = (id: string) => apiFetch<null>(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" });

export const listApiKeys = () => apiFetch<ApiKeyListAnswer>("/api/api-keys").then((p) => p.items);

/** The answer carries `key` this once; the server keeps only its hash. */
export function createApiKey(body: { name: string; role: Role; expires_at?: string }): Promise<ApiKeyCreatedAnswer> {
  return apiFetch("/api/api-keys", { method: "POST", body });
}

export const revokeApiKey = (id: string) => apiFetch<null>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });

/**
 * An API error as messages per field (`invalid_body` names the paths it refused) and one
 * for the rest, for forms that show each beside the input it is about.
 */
export function fieldErrors<F extends string>(err: unknown, known: readonly F[]): { fields: Partial<Record<F, string>>; message: string | null } {
  if (!(err instanceof ApiError)) return { fields: {}, message: err instanceof Error ? err.message : "The request failed" };
  const issues = (err.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
  if (err.code !== "invalid_body" || !Array.isArray(issues) || issues.length === 0) return { fields: {}, message: err.message };
  const fields: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const i of issues) {
    const field = known.find((k) => k === i.path);
    if (field) fields[field] ??= i.message;
    else rest.push(i.path ? `${i.path}: ${i.message}` : i.message);
  }
  return { fields, message: rest.length > 0 ? rest.join("; ") : null };
}
