/**
 * The key that encrypts secrets at rest (AES-256-GCM): `SWITCHYARD_SECRET_KEY` (base64 of
 * 32 bytes) or, when unset, a key generated once into `secret.key` (mode 0600) in the
 * data folder beside the database. Losing that file makes stored secrets unreadable.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const KEY_BYTES = 32;
export const KEY_FILE_NAME = "secret.key";

/** A key that cannot be used; the message says what to fix (shown at startup). */
export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretKeyError";
  }
}

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, "base64");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || key.length !== KEY_BYTES) {
    throw new SecretKeyError(`${source} must be the base64 encoding of exactly ${KEY_BYTES} random bytes (e.g. \`openssl rand -base64 32\`)`);
  }
  return key;
}

export interface KeySource {
  /** `SWITCHYARD_SECRET_KEY`, when set. */
  envKey?: string;
  /** The folder holding the database; the generated key file lives there. */
  dataDir: string;
}

/** The encryption key; generates and stores one on first use when no env key is set. */
export function loadSecretKey({ envKey, dataDir }: KeySource): Buffer {
  if (envKey !== undefined && envKey.trim() !== "") return decodeKey(envKey, "SWITCHYARD_SECRET_KEY");
  const file = path.join(dataDir, KEY_FILE_NAME);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: never overwrite a key another process wrote first.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return decodeKey(readFileSync(file, "utf8"), `the key file ${file}`);
}
