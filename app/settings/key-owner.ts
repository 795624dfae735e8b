import type { ApiKeyView, UserView } from "@/lib/client/accounts";

/** Who made a key, for an admin's list: a person by name, a key by its name, else the kind of maker. */
export function keyOwner(key: ApiKeyView, users: readonly UserView[], keys: readonly ApiKeyView[]): string {
  const by = key.created_by;
  if (by.type === "user") return users.find((u) => u.id === by.id)?.name ?? "a removed user";
  if (by.type === "api_key") {
    if (by.id === "bootstrap") return "the bootstrap token";
    const maker = keys.find((k) => k.id === by.id);
    return maker ? `key “${maker.name}”` : "a removed key";
  }
  return by.type;
}

/** A key's state now: revoked, expired or active. */
export function keyState(key: ApiKeyView, now = Date.now()): "revoked" | "expired" | "active" {
  if (key.revoked_at) return "revoked";
  if (key.expires_at && Date.parse(key.expires_at) <= now) return "expired";
  return "active";
}
