import path from "node:path";

/** Which database DATABASE_URL names: a PostgreSQL server (`postgres://` or `postgresql://`), else a SQLite file. */
export type DatabaseLocation = { backend: "sqlite"; file: string } | { backend: "postgres"; url: string };

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function databaseLocation(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  const url = env.DATABASE_URL?.trim();
  if (url && POSTGRES_URL.test(url)) return { backend: "postgres", url };
  return { backend: "sqlite", file: databaseFile(env) };
}

/**
 * The SQLite file the app uses: `DATABASE_URL=file:<path>` (relative to the working
 * directory; a `?query` is dropped), else `./data/switchyard.db`. prisma.config.ts uses it too; scripts/start.mjs (plain Node) applies the same rule before either runs.
 */
export function databaseFile(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATABASE_URL?.replace(/^file:/i, "").replace(/\?.*$/, "") ?? "./data/switchyard.db";
  // A path chosen at run time: keep the bundler from tracing the whole project for it.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), raw);
}

/**
 * Where the server keeps its own files (the generated secrets key): `SWITCHYARD_DATA_DIR`,
 * else the SQLite file's folder, else (PostgreSQL) `./data`.
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SWITCHYARD_DATA_DIR?.trim()) return path.resolve(/* turbopackIgnore: true */ process.cwd(), env.SWITCHYARD_DATA_DIR.trim());
  const location = databaseLocation(env);
  return location.backend === "sqlite" ? path.dirname(location.file) : path.resolve(/* turbopackIgnore: true */ process.cwd(), "data");
}
