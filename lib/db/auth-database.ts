import "server-only";
/**
 * better-auth's own way into the database (it reads and writes users, accounts and
 * sessions itself): an adapter for the backend in use, so lib/auth never holds a connection.
 */
import { prismaAdapter } from "@better-auth/prisma-adapter";
import { db } from "./client";

/** The `database` option of better-auth for this thread's backend. */
export function authDatabase() {
  return prismaAdapter(db().prisma, { provider: "sqlite" });
}
