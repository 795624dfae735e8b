import "server-only";
/**
 * Secrets (SPEC §12): named values encrypted at rest, managed through `/api/secrets`,
 * readable only by the engine's {@link SecretResolver} at the moment an http_request
 * needs them. Every change appends its audit row (without the value) in the same
 * transaction.
 */
import { NodeError } from "@/engine/errors";
import type { SecretResolver } from "@/engine/ports";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Actor } from "@/lib/auth/actor";
import { storage, type SecretMeta, type SecretStore } from "@/lib/db";
import { dataDir } from "@/lib/db/location";
import { open, seal } from "./cipher";
import { loadSecretKey } from "./key";

export type { SecretMeta } from "@/lib/db";

const globalForKey = globalThis as unknown as { switchyardSecretKey?: Buffer };

/** The process's encryption key (env or key file); throws a clear SecretKeyError when unusable. */
export function secretKey(): Buffer {
  globalForKey.switchyardSecretKey ??= loadSecretKey({ envKey: process.env.SWITCHYARD_SECRET_KEY, dataDir: dataDir() });
  return globalForKey.switchyardSecretKey;
}

export function listSecrets(): Promise<SecretMeta[]> {
  return storage().secrets.list();
}

/** Names of every stored secret, for validation (`unknown_secret`). */
export async function secretNames(): Promise<Set<string>> {
  return new Set(await storage().secrets.names());
}

export interface SecretWrite {
  name: string;
  value: string;
  actor: Actor;
}

export function createSecret({ name, value, actor }: SecretWrite): Promise<SecretMeta> {
  const sealed = seal(secretKey(), value, name);
  const at = new Date();
  return storage().transaction(async (tx) => {
    if (await tx.secrets.find(name)) throw new ApiError("already_exists", `a secret named ${name} already exists; update it with PUT /api/secrets/${name}`);
    await tx.secrets.insert(name, sealed, at);
    await tx.audit.append({ action: "secret.create", actor: actor, targetType: "secret", targetId: name, details: { name }, at });
    return (await tx.secrets.find(name))!;
  });
}

export function updateSecret({ name, value, actor }: SecretWrite): Promise<SecretMeta> {
  const sealed = seal(secretKey(), value, name);
  const at = new Date();
  return storage().transaction(async (tx) => {
    if (!(await tx.secrets.update(name, sealed, at))) throw notFound(`secret ${name} not found`);
    await tx.audit.append({ action: "secret.update", actor: actor, targetType: "secret", targetId: name, details: { name }, at });
    return (await tx.secrets.find(name))!;
  });
}

export async function deleteSecret({ name, actor }: { name: string; actor: Actor }): Promise<void> {
  await storage().transaction(async (tx) => {
    if (!(await tx.secrets.delete(name))) throw notFound(`secret ${name} not found`);
    await tx.audit.append({ action: "secret.delete", actor: actor, targetType: "secret", targetId: name, details: { name } });
  });
}

/** The engine's port: decrypts the named secrets at call time; unknown names fail the node. */
export function createSecretResolver(secrets: SecretStore = storage().secrets, key: Buffer = secretKey()): SecretResolver {
  return {
    async resolve(names) {
      const sealed = await secrets.readSealed(names);
      const missing = names.filter((n) => !sealed.has(n));
      if (missing.length > 0) throw new NodeError("tool_error", `unknown secret${missing.length > 1 ? "s" : ""} ${missing.map((n) => `'${n}'`).join(", ")}`, { retryable: false });
      const out: Record<string, string> = {};
      for (const [name, s] of sealed) {
        try {
          out[name] = open(key, s, name);
        } catch {
          throw new NodeError("tool_error", `secret '${name}' cannot be decrypted with the configured key (SWITCHYARD_SECRET_KEY or secret.key changed?)`, { retryable: false });
        }
      }
      return out;
    },
  };
}
