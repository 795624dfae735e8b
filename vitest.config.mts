import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./", import.meta.url)) },
  },
  test: {
    environment: "node",
    include: ["engine/**/*.test.ts", "lib/**/*.test.ts", "tests/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts"],
    // e2e/ holds Playwright specs; never let vitest pick them up.
    exclude: ["e2e/**", "node_modules/**", ".next/**"],
    testTimeout: 20_000,
  },
});
