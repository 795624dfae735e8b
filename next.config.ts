import type { NextConfig } from "next";
import { COMMON_SECURITY_HEADERS } from "./lib/http/page-security";

const nextConfig: NextConfig = {
  // Lets several builds (e.g. parallel test harnesses) live side by side; `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The dev indicator overlaps the canvas controls; the app has its own status UI.
  devIndicators: false,
  // No `X-Powered-By: Next.js`: nothing to gain from naming the framework to every client.
  poweredByHeader: false,
  // nosniff, a referrer policy and no framing on every answer, static files included (pages
  // add their Content Security Policy in proxy.ts, API answers `Cache-Control: no-store`).
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(COMMON_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
