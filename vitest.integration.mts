import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Integration tests: they start the real built server (`next start`); run `npm run build` first. */
export default defineConfig({
  resolve: {
    alias: { "@": here("./"), "server-only": here("./node_modules/server-only/empty.js") },
  },
  test: {
    environment: "node",
    include: ["tests/integration/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own server on its own database; keep the 2 cores for them.
    fileParallelism: false,
  },
});
