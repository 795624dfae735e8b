/**
 * How a webhook call proves it knows its hook's secret, one of two ways:
 *
 * 1. A signature: `X-Switchyard-Timestamp: <unix seconds>` and
 *    `X-Switchyard-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`.
 *    The timestamp is signed with the body, and one more than {@link MAX_SKEW_SECONDS}
 *    from now (either way) is refused, so a captured call cannot be replayed later.
 * 2. The secret itself: `X-Switchyard-Hook-Secret: <secret>` (for senders that cannot
 *    sign; anyone who sees one call can replay it).
 *
 * Comparisons are constant-time (`timingSafeEqual`, the secret's on SHA-256 digests so the
 * lengths always match). Failures are values naming what is wrong, never the secret.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TIMESTAMP_HEADER = "x-switchyard-timestamp";
export const SIGNATURE_HEADER = "x-switchyard-signature";
export const SECRET_HEADER = "x-switchyard-hook-secret";

/** How far a signed call's timestamp may be from the server's clock: 5 minutes. */
export const MAX_SKEW_SECONDS = 300;

export type HookAuth = { ok: true; method: "signature" | "secret" } | { ok: false; reason: string };

/** A new hook secret: `whsec_` and 32 random bytes in base64url. */
export function generateHookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The `X-Switchyard-Signature` value for `body` sent at `timestamp` (unix seconds). */
export function signHookBody(secret: string, timestamp: number | string, body: Uint8Array | string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
  return `sha256=${mac}`;
}

export interface HookAuthInput {
  secret: string;
  headers: Headers;
  /** The raw body bytes, exactly as received. */
  body: Uint8Array;
  /** The server's clock in ms (tests pass their own). */
  now?: number;
}

/** Whether the call's headers authenticate it for the hook whose secret is `secret`. */
export function verifyHookRequest({ secret, headers, body, now = Date.now() }: HookAuthInput): HookAuth {
  const signature = headers.get(SIGNATURE_HEADER);
  if (signature !== null) return verifySignature(secret, signature, headers.get(TIMESTAMP_HEADER), body, now);
  const given = headers.get(SECRET_HEADER);
  if (given !== null) return sameSecret(given, secret) ? { ok: true, method: "secret" } : { ok: false, reason: `the ${SECRET_HEADER} header does not match this hook's secret` };
  return { ok: false, reason: `send ${SIGNATURE_HEADER} (with ${TIMESTAMP_HEADER}) or ${SECRET_HEADER}` };
}

function verifySignature(secret: string, signature: string, timestamp: string | null, body: Uint8Array, now: number): HookAuth {
  if (timestamp === null) return { ok: false, reason: `a signed call needs the ${TIMESTAMP_HEADER} header (unix seconds)` };
  if (!/^[0-9]{1,12}$/.test(timestamp.trim())) return { ok: false, reason: `the ${TIMESTAMP_HEADER} header must be unix seconds` };
  const skew = Math.abs(now / 1000 - Number(timestamp.trim()));
  if (skew > MAX_SKEW_SECONDS) return { ok: false, reason: `the ${TIMESTAMP_HEADER} is more than ${MAX_SKEW_SECONDS} seconds from the server's time (a replay, or a clock that is off)` };
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(signature.trim());
  if (!match) return { ok: false, reason: `the ${SIGNATURE_HEADER} header must be sha256=<64 hex digits>` };
  const expected = Buffer.from(signHookBody(secret, timestamp.trim(), body).slice("sha256=".length), "hex");
  const given = Buffer.from(match[1], "hex");
  return timingSafeEqual(given, expected) ? { ok: true, method: "signature" } : { ok: false, reason: `the ${SIGNATURE_HEADER} does not match the body and timestamp` };
}

function sameSecret(given: string, secret: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(secret));
}
