import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The dev indicator overlaps the canvas controls; the app has its own status UI.
  devIndicators: false,
};

export default nextConfig;
