import path from "node:path";

/**
 * The SQLite file the app uses: `DATABASE_URL=file:<path>` (relative to the working
 * directory; a `?query` is dropped), else `./data/switchyard.db`. Same rule as prisma.config.ts and scripts/start.mjs.
 */
export function databaseFile(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATABASE_URL?.replace(/^file:/i, "").replace(/\?.*$/, "") ?? "./data/switchyard.db";
  return path.resolve(process.cwd(), raw);
}
