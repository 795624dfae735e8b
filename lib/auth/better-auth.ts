import "server-only";
/**
 * Accounts and sessions on better-auth (email + password, sessions in the database through
 * its adapter for the backend in use, lib/db/auth-database.ts): it hashes and checks passwords (scrypt), signs the session cookie and
 * keeps the session rows. Users are created by Switchyard itself (owner setup, admins):
 * sign-up is closed.
 *
 * Two instances that differ only in the cookie: a request that reached the server over
 * https (a TLS proxy says so in X-Forwarded-Proto) gets a `Secure` cookie (`__Secure-`
 * prefix), one over plain http — a fresh install on 127.0.0.1, a LAN address — one it can
 * keep. Both are httpOnly and SameSite=Lax.
 */
import { hkdfSync } from "node:crypto";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { storage } from "@/lib/db";
import { authDatabase } from "@/lib/db/auth-database";
import { newId } from "@/lib/db/ids";
import { secretKey } from "@/lib/secrets/service";
import { PASSWORD_MAX, PASSWORD_MIN } from "./passwords";
import { sessionTtlSeconds } from "./session-ttl";

/** What better-auth answers (403) for a disabled account's correct password. */
export const ACCOUNT_DISABLED = "this account is disabled";

/** Cookie names start with this (`switchyard.session_token`). */
export const COOKIE_PREFIX = "switchyard";

/** The key that signs session cookies, derived from the secrets key (one key to back up). */
function cookieSecret(): string {
  return Buffer.from(hkdfSync("sha256", secretKey(), Buffer.alloc(0), "switchyard session cookies", 32)).toString("base64");
}

function createAuth(protocol: "http" | "https") {
  const ttl = sessionTtlSeconds();
  return betterAuth({
    appName: "Switchyard",
    secret: cookieSecret(),
    // The host the request names (the request guard has already refused names this server does not answer to).
    baseURL: { allowedHosts: ["*"], protocol },
    basePath: "/api/auth",
    database: authDatabase(),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: PASSWORD_MIN, maxPasswordLength: PASSWORD_MAX, autoSignIn: false },
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: false, defaultValue: "viewer" },
        disabled: { type: "boolean", input: false, required: false, defaultValue: false },
      },
    },
    // Refreshed (expiry moved on) at most once a day of use; a session unused for its whole lifetime ends.
    session: { expiresIn: ttl, updateAge: Math.min(86_400, Math.max(1, Math.floor(ttl / 2))) },
    // Switchyard's own limiter counts failed sign-ins per address and per account (lib/auth/login-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // A wrong password is an answer, not a server problem: only errors are logged.
    logger: { level: "error" },
    advanced: {
      // Every /api/auth route is behind Switchyard's own request guard (lib/http/request-guard.ts):
      // an Origin of another site or scheme is refused, and bodies must be JSON, so no HTML form
      // can post here. better-auth's own check also refuses a request with Fetch Metadata but no
      // Origin — what Node's fetch sends — which would lock scripts out of signing in.
      disableCSRFCheck: true,
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: protocol === "https",
      // Set by scripts/serve.mjs from the connection, never taken from the client.
      ipAddress: { ipAddressHeaders: ["x-switchyard-peer"] },
      database: { generateId: () => newId() },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account's correct password opens no session.
          async before(session) {
            const user = await storage().users.find({ id: session.userId });
            if (!user || user.disabled) throw new APIError("FORBIDDEN", { message: ACCOUNT_DISABLED });
          },
        },
      },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { switchyardAuth?: Partial<Record<"http" | "https", Auth>> };

/** The instance for a request: `Secure` cookies when it arrived over https. */
export function authFor(request: Request): Auth {
  return authForProtocol(requestProtocol(request));
}

export function authForProtocol(protocol: "http" | "https"): Auth {
  globalForAuth.switchyardAuth ??= {};
  globalForAuth.switchyardAuth[protocol] ??= createAuth(protocol);
  return globalForAuth.switchyardAuth[protocol];
}

/** https when a proxy in front says so, or the URL is https. */
export function requestProtocol(request: Request): "http" | "https" {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
  if (forwarded === "https") return "https";
  return request.url.startsWith("https:") ? "https" : "http";
}

/** Hashes a password the way better-auth checks it at sign-in. */
export async function hashPassword(password: string): Promise<string> {
  const ctx = await authForProtocol("http").$context;
  return ctx.password.hash(password);
}
