import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const engineBoundary = {
  files: ["engine/**/*.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: ["next", "next/*"], message: "engine/ is framework-free: no Next.js." },
          { group: ["react", "react/*", "react-dom", "react-dom/*", "@xyflow/*", "zustand", "zustand/*"], message: "engine/ is framework-free: no React." },
          { group: ["prisma", "@prisma/*", "**/generated/prisma*", "better-sqlite3"], message: "engine/ talks to storage through engine/ports.ts only." },
          { group: ["@/lib/*", "@/components/*", "@/app/*", "**/lib/*", "**/components/*", "**/app/*"], message: "engine/ must not import app code." },
        ],
      },
    ],
  },
};

// Only lib/db talks to the database: everything else reaches it through `storage()` (lib/db/index.ts,
// declared in lib/db/ports), so nothing outside lib/db knows which backend is in use.
const PURE_DB_HELPERS = ["ids", "timestamps", "canonical-json", "audit-hash", "audit-rows", "storage-condition", "retention-days", "location", "auth-database"];
const storageBoundary = {
  files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "instrumentation.ts", "proxy.ts"],
  ignores: ["lib/db/**", "**/*.test.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: ["better-sqlite3", "pg", "pg-*", "@prisma/*", "**/generated/prisma*", "@better-auth/prisma-adapter"], message: "Only lib/db/ talks to a database driver." },
          {
            group: ["@/lib/db/*", ...PURE_DB_HELPERS.map((name) => `!@/lib/db/${name}`)],
            message: "Outside lib/db, storage is reached through storage() from @/lib/db (declared in lib/db/ports); only lib/db's pure helpers are imported directly.",
          },
        ],
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  engineBoundary,
  storageBoundary,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { ignores: ["node_modules/**", ".next/**", ".next-*/**", "generated/**", ".e2e/**", "next-env.d.ts", "data/**", "bench/.tmp/**"] },
];

export default config;
