import path from "node:path";

/**
 * The SQLite file the app uses: `DATABASE_URL=file:<path>` (relative to the working
 * directory; a `?query` is dropped), else `./data/switchyard.db`. prisma.config.ts uses it too; scripts/start.mjs (plain Node) applies the same rule before either runs.
 */
export function databaseFile(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATABASE_URL?.replace(/^file:/i, "").replace(/\?.*$/, "") ?? "./data/switchyard.db";
  // A path chosen at run time: keep the bundler from tracing the whole project for it.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), raw);
}
