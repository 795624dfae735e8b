import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets several builds (e.g. parallel test harnesses) live side by side; `.next` by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The dev indicator overlaps the canvas controls; the app has its own status UI.
  devIndicators: false,
};

export default nextConfig;
