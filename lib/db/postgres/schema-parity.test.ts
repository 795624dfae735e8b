import { readdirSync } from "node:fs";
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../migrations";
import { createTestDatabase, type TestDatabase } from "../test-database";
import { POSTGRES_MIGRATIONS_DIR } from "./migrate";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./test-database";

/**
 * The PostgreSQL migrations must give the schema the SQLite ones give: every table, column
 * (type, nullability, default), primary key, index, foreign key and trigger of a freshly
 * migrated SQLite database, and nothing more. A SQLite migration without its PostgreSQL
 * counterpart fails here.
 */

/** The last SQLite migration prisma/postgres/migrations' init mirrors; later ones are mirrored one by one, by name. */
const MIRRORED_UP_TO = "20261204180000_state_schema_version";

/**
 * The PostgreSQL columns that are bigint (SQLite INTEGER holds 64 bits; PostgreSQL's integer
 * 32): money, token totals, durations in ms, and the row keys. Every other INTEGER is integer.
 */
const BIGINT = new Set([
  "runs.cost_micros", "runs.tokens_in", "runs.tokens_out", "runs.duration_ms",
  "steps.row_key", "steps.cost_micros", "steps.duration_ms",
  "checkpoints.row_key", "run_events.row_key",
  ...["spend_rollup", "spend_rollup_daily"].flatMap((t) => ["cost_micros", "tokens_in", "tokens_out", "steps", "runs"].map((c) => `${t}.${c}`)),
]);

interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
}

interface Schema {
  /** table → column → its shape */
  tables: Map<string, Map<string, Column>>;
  /** table → its primary key's columns, in order */
  primaryKeys: Map<string, string>;
  /** index name → "table(columns) unique? where predicate?" */
  indexes: Map<string, string>;
  /** "table(columns) → table(columns) on delete … on update …" */
  foreignKeys: Set<string>;
  triggers: Set<string>;
}

/** A default as both write it: SQLite's `'{}'` and PostgreSQL's `'{}'::text` are one. */
const normalDefault = (d: string | null) => (d === null ? null : d.replace(/^('(?:[^']|'')*')::[a-z ]+$/, "$1"));
/** A partial index's predicate without quotes, parentheses or spaces. */
const normalPredicate = (p: string) => p.replace(/["() ]/g, "").toLowerCase();

function sqliteSchema(db: Database.Database): Schema {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '_prisma_migrations' ORDER BY name").pluck().all() as string[];
  const schema: Schema = { tables: new Map(), primaryKeys: new Map(), indexes: new Map(), foreignKeys: new Set(), triggers: new Set() };
  for (const table of names) {
    const cols = db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    schema.tables.set(table, new Map(cols.map((c) => [c.name, { type: c.type, notNull: c.notnull === 1, default: normalDefault(c.dflt_value) }])));
    schema.primaryKeys.set(table, cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name).join(", "));
    const indexes = db.prepare(`PRAGMA index_list("${table}")`).all() as { name: string; unique: number; origin: string; partial: number }[];
    for (const ix of indexes.filter((i) => i.origin !== "pk")) {
      const columns = (db.prepare(`PRAGMA index_info("${ix.name}")`).all() as { name: string }[]).map((c) => c.name).join(", ");
      const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").pluck().get(ix.name) as string;
      const where = ix.partial ? ` where ${normalPredicate(sql.slice(sql.search(/\bWHERE\b/i) + 5))}` : "";
      schema.indexes.set(ix.name, `${table}(${columns})${ix.unique ? " unique" : ""}${where}`);
    }
    const fks = db.prepare(`PRAGMA foreign_key_list("${table}")`).all() as { table: string; from: string; to: string; on_update: string; on_delete: string }[];
    for (const fk of fks) schema.foreignKeys.add(`${table}(${fk.from}) → ${fk.table}(${fk.to}) on delete ${fk.on_delete.toLowerCase()} on update ${fk.on_update.toLowerCase()}`);
  }
  for (const t of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]) schema.triggers.add(t);
  return schema;
}

const FK_ACTION: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

async function postgresSchema(pool: pg.Pool): Promise<Schema> {
  const schema: Schema = { tables: new Map(), primaryKeys: new Map(), indexes: new Map(), foreignKeys: new Set(), triggers: new Set() };
  const cols = await pool.query<{ table_name: string; column_name: string; data_type: string; datetime_precision: number | null; is_nullable: string; column_default: string | null }>(
    `SELECT table_name, column_name, data_type, datetime_precision, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name != '_prisma_migrations' ORDER BY table_name, ordinal_position`,
  );
  for (const c of cols.rows) {
    if (!schema.tables.has(c.table_name)) schema.tables.set(c.table_name, new Map());
    const type = c.data_type === "timestamp with time zone" ? `${c.data_type}(${c.datetime_precision})` : c.data_type;
    schema.tables.get(c.table_name)!.set(c.column_name, { type, notNull: c.is_nullable === "NO", default: normalDefault(c.column_default) });
  }
  const indexes = await pool.query<{ table: string; name: string; columns: string; unique: boolean; primary: boolean; predicate: string | null }>(
    `SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary, pg_get_expr(x.indpred, x.indrelid) AS predicate,
       (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
     WHERE s.nspname = 'public' AND t.relname != '_prisma_migrations'`,
  );
  for (const ix of indexes.rows) {
    if (ix.primary) schema.primaryKeys.set(ix.table, ix.columns);
    else schema.indexes.set(ix.name, `${ix.table}(${ix.columns})${ix.unique ? " unique" : ""}${ix.predicate ? ` where ${normalPredicate(ix.predicate)}` : ""}`);
  }
  const fks = await pool.query<{ table: string; columns: string; ref_table: string; ref_columns: string; on_delete: string; on_update: string }>(
    `SELECT t.relname AS table, r.relname AS ref_table, c.confdeltype AS on_delete, c.confupdtype AS on_update,
       (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
       (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS ref_columns
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid JOIN pg_namespace s ON s.oid = t.relnamespace
     WHERE c.contype = 'f' AND s.nspname = 'public'`,
  );
  for (const fk of fks.rows) {
    schema.foreignKeys.add(`${fk.table}(${fk.columns}) → ${fk.ref_table}(${fk.ref_columns}) on delete ${FK_ACTION[fk.on_delete]} on update ${FK_ACTION[fk.on_update]}`);
  }
  const triggers = await pool.query<{ tgname: string }>(
    "SELECT tgname FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid JOIN pg_namespace s ON s.oid = t.relnamespace WHERE NOT g.tgisinternal AND s.nspname = 'public'",
  );
  for (const t of triggers.rows) schema.triggers.add(t.tgname);
  return schema;
}

/** The PostgreSQL types a SQLite column's declared type may become. */
function compatibleTypes(table: string, column: string, sqliteType: string): string[] {
  switch (sqliteType) {
    case "TEXT":
      return ["text"];
    case "INTEGER":
      return [BIGINT.has(`${table}.${column}`) ? "bigint" : "integer"];
    case "DATETIME":
      return ["timestamp with time zone(3)"];
    case "BOOLEAN":
      return ["boolean"];
    case "BLOB":
      return ["bytea"];
    default:
      return [`(no PostgreSQL type chosen for SQLite's ${sqliteType})`];
  }
}

let sqlite: TestDatabase;
let postgres: PostgresTestDatabase;
let lite: Schema;
let pgs: Schema;

beforeAll(async () => {
  sqlite = createTestDatabase();
  postgres = await createPostgresTestDatabase();
  lite = sqliteSchema(sqlite.sqlite);
  pgs = await postgresSchema(postgres.pool);
});

afterAll(async () => {
  sqlite?.close();
  await postgres?.close();
});

describe("the PostgreSQL schema matches the SQLite one", () => {
  it("has every table, and no other", () => {
    expect([...pgs.tables.keys()].sort()).toEqual([...lite.tables.keys()].sort());
  });

  it("has every column with a compatible type, the same nullability and the same default", () => {
    const mismatches: string[] = [];
    for (const [table, columns] of lite.tables) {
      const theirs = pgs.tables.get(table) ?? new Map<string, Column>();
      for (const [name, col] of columns) {
        const pgCol = theirs.get(name);
        const where = `${table}.${name}`;
        if (!pgCol) {
          mismatches.push(`${where}: missing`);
          continue;
        }
        const types = compatibleTypes(table, name, col.type);
        if (!types.includes(pgCol.type)) mismatches.push(`${where}: ${col.type} in SQLite, ${pgCol.type} in PostgreSQL (want ${types.join(" or ")})`);
        if (pgCol.notNull !== col.notNull) mismatches.push(`${where}: ${col.notNull ? "NOT NULL" : "nullable"} in SQLite, not in PostgreSQL`);
        // A SQLite rowid (INTEGER PRIMARY KEY) or AUTOINCREMENT column numbers itself: PostgreSQL's takes a sequence.
        const numbersItself = col.default === null && pgCol.default?.startsWith("nextval(") && lite.primaryKeys.get(table) === name && col.type === "INTEGER";
        if (!numbersItself && pgCol.default !== col.default) mismatches.push(`${where}: default ${col.default} in SQLite, ${pgCol.default} in PostgreSQL`);
      }
      for (const name of theirs.keys()) if (!columns.has(name)) mismatches.push(`${table}.${name}: only in PostgreSQL`);
    }
    expect(mismatches).toEqual([]);
  });

  it("types money, token totals, durations and row keys as bigint, nothing else", () => {
    const bigints = [...pgs.tables].flatMap(([table, cols]) => [...cols].filter(([, c]) => c.type === "bigint").map(([name]) => `${table}.${name}`));
    expect(bigints.sort()).toEqual([...BIGINT].sort());
  });

  it("has the same primary keys", () => {
    expect(Object.fromEntries(pgs.primaryKeys)).toEqual(Object.fromEntries(lite.primaryKeys));
  });

  it("has every index, by name, over the same columns (partial ones with the same predicate), and no other", () => {
    expect(Object.fromEntries([...pgs.indexes].sort())).toEqual(Object.fromEntries([...lite.indexes].sort()));
    expect(lite.indexes.get("runs_spend_unfolded_idx")).toBe("runs(num) where spend_folded=0");
  });

  it("has the same foreign keys", () => {
    expect([...pgs.foreignKeys].sort()).toEqual([...lite.foreignKeys].sort());
  });

  it("has the same triggers", () => {
    expect([...pgs.triggers].sort()).toEqual([...lite.triggers].sort());
  });

  it("has a counterpart, of the same name, for every SQLite migration after the init's", () => {
    const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    const later = folders(MIGRATIONS_DIR).filter((name) => name > MIRRORED_UP_TO);
    const ours = new Set(folders(POSTGRES_MIGRATIONS_DIR));
    expect(later.filter((name) => !ours.has(name))).toEqual([]);
  });
});
