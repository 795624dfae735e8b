import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

/**
 * The driver adapter Prisma's CLI (`migrate deploy`, `migrate status`, `migrate dev`) uses on
 * PostgreSQL, from prisma.config.ts. The app's own connections do not need it.
 */

/**
 * prisma/orm#27403 (6.19's JS schema engine with adapter-pg): the engine's catalog queries
 * return columns of type `name` and `"char"` (OIDs 19 and 18, arrays 1003 and 1002), which the
 * adapter refuses to map ("Column type 'name' could not be deserialized"). Both are text on
 * the wire, so they are reported as text and text[].
 */
const CATALOG_OIDS: ReadonlyMap<number, number> = new Map([
  [18, 25],
  [19, 25],
  [1002, 1009],
  [1003, 1009],
]);

function asText<T>(result: T): T {
  for (const r of Array.isArray(result) ? result : [result]) {
    const fields = (r as Partial<pg.QueryResult> | null)?.fields;
    for (const f of fields ?? []) f.dataTypeID = CATALOG_OIDS.get(f.dataTypeID) ?? f.dataTypeID;
  }
  return result;
}

type Callback = (err: Error | null, res?: unknown) => void;

/**
 * A pg client whose results report catalog types as text. `query` is wrapped in the
 * constructor rather than overridden: it has a dozen overloads, and the adapter calls it both
 * with a callback (through the pool) and for a promise (in a transaction).
 */
class CatalogAsTextClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const patched = (...args: unknown[]): unknown => {
      const last = args.at(-1);
      if (typeof last === "function") {
        const cb = last as Callback;
        return query(...args.slice(0, -1), (err: Error | null, res?: unknown) => cb(err, err ? res : asText(res)));
      }
      const out = query(...args);
      return out instanceof Promise ? out.then(asText) : out;
    };
    this.query = patched as pg.Client["query"];
  }
}

/** The same URL naming another database on the same server. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/**
 * adapter-pg 6.19's own shadow database for `migrate dev` is unusable: it builds the shadow
 * pool as `{...config, database}`, which a connectionString overrides (so it would be the main
 * database), and it drops the temporary database while its own pool is still connected. This
 * one uses `<db>_shadow` on the same server, created when missing and emptied each time (the
 * JS schema engine expects an empty shadow database and does not reset it itself).
 */
class PrismaPgOwnShadow extends PrismaPg {
  constructor(private readonly url: string) {
    super({ connectionString: url, Client: CatalogAsTextClient, allowExitOnIdle: true });
  }

  override async connectToShadowDb(): ReturnType<PrismaPg["connectToShadowDb"]> {
    const name = `${decodeURIComponent(new URL(this.url).pathname.slice(1)) || "postgres"}_shadow`;
    const admin = new pg.Client({ connectionString: this.url });
    await admin.connect();
    try {
      const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    } finally {
      await admin.end();
    }
    const adapter = await new PrismaPg({ connectionString: withDatabase(this.url, name), Client: CatalogAsTextClient }).connect();
    await adapter.executeScript("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public");
    return adapter;
  }
}

/** The adapter prisma.config.ts hands the CLI for a `postgres://` or `postgresql://` DATABASE_URL. */
export function postgresMigrateAdapter(url: string): PrismaPg {
  return new PrismaPgOwnShadow(url);
}

/** Whether a DATABASE_URL names a PostgreSQL database (else it is a SQLite file). */
export const isPostgresUrl = (url: string | undefined): url is string => /^postgres(ql)?:\/\//i.test(url ?? "");
