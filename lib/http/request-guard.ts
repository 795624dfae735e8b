/**
 * Requests a web page could make a visitor's browser send to this server. There is no login
 * yet, so the server itself refuses two kinds:
 *
 * - **Another host name** (DNS rebinding): a page on `evil.example` whose name is made to
 *   resolve to 127.0.0.1 would otherwise read and drive the API as a same-origin page. Only
 *   IP addresses, `localhost` (and `*.localhost`) and the names in `SWITCHYARD_HOSTNAMES`
 *   (comma-separated; say, the name a proxy serves it under) are answered.
 * - **A cross-site write** (CSRF): a POST, PUT, PATCH or DELETE whose `Origin` is not this
 *   server. Browsers always send `Origin` on those; clients that are not browsers usually
 *   send none, and are let through.
 *
 * Pure string checks on headers: nothing here reads the body or the database.
 */
import { ApiError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The environment variable this reads (process.env by default). */
type Env = Record<string, string | undefined>;

/** The host name of a `Host`/`X-Forwarded-Host` value, lower-cased, without port or IPv6 brackets. */
export function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    return value.slice(1, end > 0 ? end : undefined);
  }
  const colon = value.lastIndexOf(":");
  return colon >= 0 && value.indexOf(":") === colon ? value.slice(0, colon) : value;
}

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;

/** Names no DNS answer can point elsewhere: IP literals and localhost. */
function isAddressOrLocal(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.includes(":") || hostname === "localhost" || hostname.endsWith(".localhost");
}

let listed: { raw: string | undefined; names: Set<string> } | undefined;

/** `SWITCHYARD_HOSTNAMES`, parsed once per value. */
function listedNames(env: Env): Set<string> {
  const raw = env.SWITCHYARD_HOSTNAMES;
  if (listed === undefined || listed.raw !== raw) {
    const names = (raw ?? "").split(",").map((s) => s.trim().toLowerCase().replace(/\.$/, "")).filter(Boolean);
    listed = { raw, names: new Set(names) };
  }
  return listed.names;
}

/** The names `SWITCHYARD_HOSTNAMES` adds (the Settings page lists them). */
export function listedHostnames(env: Env = process.env): string[] {
  return [...listedNames(env)];
}

/** Whether a request naming this host name is answered. */
export function hostAllowed(hostname: string, env: Env = process.env): boolean {
  const name = hostname.replace(/\.$/, "");
  return isAddressOrLocal(name) || listedNames(env).has(name);
}

/** Why a request for this host name is refused (the API's error message, and the text pages answer with). */
export const refusedHostMessage = (hostname: string) =>
  `requests for the host name "${hostname}" are refused (a guard against DNS rebinding); list it in SWITCHYARD_HOSTNAMES to serve it`;

/** The scheme the request reached this server by: a TLS proxy's `X-Forwarded-Proto`, else the URL's. */
function servedScheme(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
  return forwarded || new URL(request.url).protocol.slice(0, -1);
}

/** Throws the API error for a request this server must not answer (see the module comment). */
export function guardRequest(request: Request, env: Env = process.env): void {
  const headers = request.headers;
  const host = headers.get("host");
  if (host !== null && !hostAllowed(hostnameOf(host), env)) {
    throw new ApiError("forbidden_host", refusedHostMessage(hostnameOf(host)));
  }
  if (SAFE_METHODS.has(request.method)) return;
  const origin = headers.get("origin");
  if (origin === null) return;
  // Behind a proxy that rewrites Host, the browser's origin is the name the proxy was asked for.
  const servedAs = headers.get("x-forwarded-host") ?? host;
  let originHost: string | null = null;
  let originScheme: string | null = null;
  try {
    const url = origin === "null" ? null : new URL(origin);
    originHost = url ? url.host.toLowerCase() : null;
    originScheme = url ? url.protocol.slice(0, -1) : null;
  } catch {
    originHost = null;
  }
  const sameHost = originHost !== null && servedAs !== null && originHost === servedAs.split(",")[0].trim().toLowerCase();
  // The scheme too: a page at https://host is another origin than this http://host (and the other way round).
  if (!sameHost || originScheme !== servedScheme(request)) {
    throw new ApiError("cross_origin", `a ${request.method} from the page at ${origin} is refused: changes are only taken from this server's own pages (or from clients that send no Origin)`);
  }
}
