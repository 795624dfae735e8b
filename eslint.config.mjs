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

const config = [
  ...nextVitals,
  ...nextTs,
  engineBoundary,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { ignores: ["node_modules/**", ".next/**", ".next-*/**", "generated/**", ".e2e/**", "next-env.d.ts", "data/**", "bench/.tmp/**"] },
];

export default config;
