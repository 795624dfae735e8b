import "server-only";
/**
 * The login rate limit: failed sign-ins are counted per address and per account over a
 * window; past either limit, sign-ins from that address or for that account are refused
 * (429, with when to try again) until the oldest failure leaves the window — whether or
 * not the password would be right, so guessing gains nothing by going on. A success clears
 * the account's count. Counts live in the database: a restart does not reset them.
 */
import type { LoginFailureStore } from "@/lib/db";

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const addressKey = (address: string) => `ip:${address}`;
export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;

export interface LoginRefusal {
  /** Which limit: the account's or the address's. */
  scope: "account" | "address";
  key: string;
  /** Seconds until one more attempt is allowed. */
  retryAfterS: number;
}

/** Whether a sign-in from `address` for `email` may be tried now. */
export async function loginRefusal(failures: LoginFailureStore, address: string, email: string, now = Date.now()): Promise<LoginRefusal | null> {
  const since = new Date(now - LOGIN_WINDOW_MS);
  const checks: [LoginRefusal["scope"], string, number][] = [
    ["account", accountKey(email), MAX_FAILURES_PER_ACCOUNT],
    ["address", addressKey(address), MAX_FAILURES_PER_ADDRESS],
  ];
  for (const [scope, key, max] of checks) {
    const { count, oldest } = await failures.since(key, since);
    if (count >= max && oldest !== null) {
      return { scope, key, retryAfterS: Math.max(1, Math.ceil((Date.parse(oldest) + LOGIN_WINDOW_MS - now) / 1000)) };
    }
  }
  return null;
}
