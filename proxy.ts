import { NextResponse, type NextRequest } from "next/server";
import { API_ERRORS } from "@/lib/http/errors";
import { COMMON_SECURITY_HEADERS, newNonce, pagePolicy } from "@/lib/http/page-security";
import { hostAllowed, hostnameOf, refusedHostMessage } from "@/lib/http/request-guard";

/**
 * Two checks before routing (and pages get their security headers, lib/http/page-security.ts,
 * and learn their own path, `x-switchyard-path`):
 * - pages are not served under a host name this server does not answer to (the API's route
 *   handlers check the same themselves, `lib/http/request-guard.ts`): a DNS-rebinding page
 *   would otherwise read what pages render;
 * - a request path with broken percent-encoding (`/api/workflows/%zz`) makes Next.js fail
 *   with a 500 before any route handler runs; it is answered here with the API's own 400.
 */
export function proxy(request: NextRequest) {
  if (!request.nextUrl.pathname.startsWith("/api/")) {
    const host = request.headers.get("host");
    if (host !== null && !hostAllowed(hostnameOf(host))) {
      return new NextResponse(`${refusedHostMessage(hostnameOf(host))}\n`, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    // The page's own path, for the layout's sign-in redirect (and back after); never the client's.
    const headers = new Headers(request.headers);
    headers.set("x-switchyard-path", request.nextUrl.pathname + request.nextUrl.search);
    // Next.js reads the nonce from the request's policy and puts it on the scripts it renders.
    const policy = pagePolicy(newNonce());
    headers.set("content-security-policy", policy);
    const response = NextResponse.next({ request: { headers } });
    response.headers.set("content-security-policy", policy);
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) response.headers.set(name, value);
    return response;
  }
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    const { status, message } = API_ERRORS.invalid_path;
    return NextResponse.json({ error: { code: "invalid_path", message } }, { status });
  }
  return NextResponse.next();
}

/**
 * Pages (not their static assets), and only those API paths with a `%`: every other API
 * request pays nothing for the proxy.
 */
export const config = { matcher: ["/api/:path(.*%.*)", "/((?!api/|_next/static|_next/image|favicon).*)"] };
