import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": here("./"),
      // lib/db guards itself with `import "server-only"`; tests run on the server side too.
      "server-only": here("./node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    // Unit and store tests. Integration tests against the built server run with vitest.integration.mts.
    include: ["engine/**/*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts", "tests/unit/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", ".next/**", "tests/integration/**"],
    testTimeout: 20_000,
  },
});
