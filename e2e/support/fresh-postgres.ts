/**
 * `tsx e2e/support/fresh-postgres.ts <database>`: the e2e server's PostgreSQL database made
 * afresh — dropped if a former run left it, created on the test server
 * (`SWITCHYARD_TEST_DATABASE_URL`, as lib/db/postgres/test-database.ts), and migrated as
 * `prisma migrate deploy` would (without the CLI's seconds of lingering). The SQLite suite's
 * counterpart is playwright.config.ts removing e2e.db before `prisma migrate deploy`.
 */
import pg from "pg";
import { applyPostgresMigrations } from "../../lib/db/postgres/migrate";
import { databaseUrl, DEFAULT_TEST_SERVER_URL } from "../../lib/db/postgres/test-database";

const name = process.argv[2] ?? "";
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
  console.error(`fresh-postgres: "${name}" is not a database name this makes (lower case letters, digits and _)`);
  process.exit(2);
}
const serverUrl = process.env.SWITCHYARD_TEST_DATABASE_URL || DEFAULT_TEST_SERVER_URL;

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (err) {
    const where = new URL(serverUrl);
    where.password = "";
    console.error(`fresh-postgres: cannot reach ${where} (${err instanceof Error ? err.message : String(err)}): \`source scripts/test-postgres.sh\` first, or set SWITCHYARD_TEST_DATABASE_URL`);
    process.exit(1);
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, name), max: 1 });
  try {
    const applied = await applyPostgresMigrations(pool);
    console.log(`fresh-postgres: ${name} migrated to ${applied.at(-1)}`);
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error("fresh-postgres:", err);
  process.exit(1);
});
