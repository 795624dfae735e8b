import "server-only";
/**
 * better-auth's own way into the database (it reads and writes users, accounts and
 * sessions itself): its Prisma adapter on the backend in use, so lib/auth never holds a
 * connection. The PostgreSQL client is generated from prisma/postgres/schema.prisma (the same
 * models and tables as SQLite's).
 */
import { prismaAdapter } from "@better-auth/prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresPrismaClient } from "@/generated/prisma-postgres/client";
import { db } from "./client";
import { databaseLocation } from "./location";

const globalForAuthDb = globalThis as unknown as { switchyardAuthPrisma?: PostgresPrismaClient };

/** The `database` option of better-auth for this thread's backend. */
export function authDatabase() {
  const location = databaseLocation();
  if (location.backend === "sqlite") return prismaAdapter(db().prisma, { provider: "sqlite" });
  globalForAuthDb.switchyardAuthPrisma ??= new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: location.url, max: 4, application_name: "switchyard-auth" }) });
  return prismaAdapter(globalForAuthDb.switchyardAuthPrisma, { provider: "postgresql" });
}
