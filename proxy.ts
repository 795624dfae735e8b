import { NextResponse, type NextRequest } from "next/server";
import { API_ERRORS } from "@/lib/api/errors";

/**
 * A request path with broken percent-encoding (`/api/workflows/%zz`) makes Next.js fail
 * with a 500 before any route handler runs; answer it here with the API's own 400.
 */
export function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    const { status, message } = API_ERRORS.invalid_path;
    return NextResponse.json({ error: { code: "invalid_path", message } }, { status });
  }
  return NextResponse.next();
}

/** Only paths with a `%` reach the proxy: every other request pays nothing for this check. */
export const config = { matcher: "/api/:path(.*%.*)" };
