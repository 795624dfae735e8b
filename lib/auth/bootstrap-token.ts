/**
 * `SWITCHYARD_BOOTSTRAP_TOKEN`: on a server started with it, that exact string is an admin
 * API key — for provisioning a fresh install and automation. It is a root credential: it
 * can create users and keys and read every secret's name. Compared in constant time.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Actor } from "./actor";

export const BOOTSTRAP_ACTOR: Actor = { type: "api_key", id: "bootstrap", name: "Bootstrap token", role: "admin" };

/** Shorter tokens are refused at startup: a root credential must not be guessable. */
export const BOOTSTRAP_TOKEN_MIN = 16;

let configured: { raw: string | undefined; digest: Buffer | null } | undefined;

function digestOf(env: Record<string, string | undefined>): Buffer | null {
  const raw = env.SWITCHYARD_BOOTSTRAP_TOKEN;
  if (configured === undefined || configured.raw !== raw) {
    const value = raw?.trim() ?? "";
    if (value !== "" && value.length < BOOTSTRAP_TOKEN_MIN) throw new Error(`SWITCHYARD_BOOTSTRAP_TOKEN must have at least ${BOOTSTRAP_TOKEN_MIN} characters`);
    configured = { raw, digest: value === "" ? null : createHash("sha256").update(value).digest() };
  }
  return configured.digest;
}

/** Whether this server was started with a bootstrap token. */
export function bootstrapTokenConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return digestOf(env) !== null;
}

/** Whether `token` is the bootstrap token. */
export function isBootstrapToken(token: string, env: Record<string, string | undefined> = process.env): boolean {
  const expected = digestOf(env);
  if (expected === null) return false;
  return timingSafeEqual(createHash("sha256").update(token).digest(), expected);
}
