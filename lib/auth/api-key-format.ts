/**
 * API key strings: `sy_` and 32 random bytes (base64url), recognisable in a leaked log or
 * a secret scanner. Only their SHA-256 is stored: a key has 256 bits of entropy, so a fast
 * hash is as safe as a slow one and costs microseconds per request.
 */
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "sy_";
const SHOWN_CHARS = 8;

export interface NewKeyMaterial {
  key: string;
  hash: string;
  /** What lists show of it: `sy_` and its first characters. */
  prefix: string;
}

export function generateApiKey(): NewKeyMaterial {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARS) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Whether a bearer token has the shape of a Switchyard API key. */
export function looksLikeApiKey(token: string): boolean {
  return /^sy_[A-Za-z0-9_-]{43}$/.test(token);
}
