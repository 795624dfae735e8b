import "server-only";
/**
 * Secrets (SPEC §12): named values encrypted at rest, managed through `/api/secrets`,
 * readable only by the engine's {@link SecretResolver} at the moment an http_request
 * needs them. Every change appends its audit row (without the value) in the same
 * transaction.
 */
import path from "node:path";
import type { Connection } from "@/lib/db/connection";
import { NodeError } from "@/engine/errors";
import type { SecretResolver } from "@/engine/ports";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Actor } from "@/lib/auth/actor";
import { appendAudit } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { databaseFile } from "@/lib/db/location";
import { writeTransaction } from "@/lib/db/transaction";
import { open, seal } from "./cipher";
import { loadSecretKey } from "./key";
import { deleteSecretRow, findSecretMeta, insertSecretRow, listSecretNames, listSecretRows, readSealed, updateSecretRow, type SecretMeta } from "@/lib/db/secrets";

export type { SecretMeta } from "@/lib/db/secrets";

const globalForKey = globalThis as unknown as { switchyardSecretKey?: Buffer };

/** The process's encryption key (env or key file); throws a clear SecretKeyError when unusable. */
export function secretKey(): Buffer {
  globalForKey.switchyardSecretKey ??= loadSecretKey({ envKey: process.env.SWITCHYARD_SECRET_KEY, dataDir: path.dirname(databaseFile()) });
  return globalForKey.switchyardSecretKey;
}

export function listSecrets(): SecretMeta[] {
  return listSecretRows(db().sqlite);
}

/** Names of every stored secret, for validation (`unknown_secret`). */
export function secretNames(): Set<string> {
  return new Set(listSecretNames(db().sqlite));
}

export interface SecretWrite {
  name: string;
  value: string;
  actor: Actor;
}

export function createSecret({ name, value, actor }: SecretWrite): SecretMeta {
  const sealed = seal(secretKey(), value, name);
  const at = new Date();
  return writeTransaction((tx) => {
    if (findSecretMeta(tx, name)) throw new ApiError("already_exists", `a secret named ${name} already exists; update it with PUT /api/secrets/${name}`);
    insertSecretRow(tx, name, sealed, at);
    appendAudit(tx, { action: "secret.create", actor: actor, targetType: "secret", targetId: name, details: { name }, at });
    return findSecretMeta(tx, name)!;
  });
}

export function updateSecret({ name, value, actor }: SecretWrite): SecretMeta {
  const sealed = seal(secretKey(), value, name);
  const at = new Date();
  return writeTransaction((tx) => {
    if (!updateSecretRow(tx, name, sealed, at)) throw notFound(`secret ${name} not found`);
    appendAudit(tx, { action: "secret.update", actor: actor, targetType: "secret", targetId: name, details: { name }, at });
    return findSecretMeta(tx, name)!;
  });
}

export function deleteSecret({ name, actor }: { name: string; actor: Actor }): void {
  writeTransaction((tx) => {
    if (!deleteSecretRow(tx, name)) throw notFound(`secret ${name} not found`);
    appendAudit(tx, { action: "secret.delete", actor: actor, targetType: "secret", targetId: name, details: { name } });
  });
}

/** The engine's port: decrypts the named secrets at call time; unknown names fail the node. */
export function createSecretResolver(conn: Connection = db().sqlite, key: Buffer = secretKey()): SecretResolver {
  return {
    async resolve(names) {
      const sealed = readSealed(conn, names);
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
