/**
 * THE storage contract: one suite every backend of the storage ports (lib/db/ports) must pass,
 * with the same assertions for each. A backend's test file calls {@link describeStorageContract}
 * with a way to open its stores on a fresh database (lib/db/sqlite/storage-contract.test.ts,
 * lib/db/postgres/storage-contract.test.ts).
 */
import { afterEach, beforeEach, describe } from "vitest";
import { auditContract } from "./audit-contract";
import type { OpenedStorage, OpenStorage } from "./harness";
import { identityContract } from "./identity-contract";
import { runsContract } from "./runs-contract";
import { secretsContract } from "./secrets-contract";
import { spendContract } from "./spend-contract";
import { transactionContract } from "./transactions-contract";
import { upkeepContract } from "./upkeep-contract";
import { workflowContract } from "./workflows-contract";

export type { ContractSql, ContractStorage, OpenedStorage, OpenStorage } from "./harness";

/** Registers the contract for the backend `backend` (what its `stats().backend` answers); each test gets a database of its own. */
export function describeStorageContract(backend: string, open: OpenStorage): void {
  describe(`storage contract: ${backend}`, () => {
    let opened: OpenedStorage | undefined;
    const h = () => {
      if (!opened) throw new Error("the storage under test is not open");
      return opened;
    };
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    describe("workflows and versions", () => workflowContract(h));
    describe("audit", () => auditContract(h));
    describe("users, API keys, failed sign-ins", () => identityContract(h));
    describe("secrets and webhooks", () => secretsContract(h));
    describe("run queries", () => runsContract(h));
    describe("spend", () => spendContract(h));
    describe("transactions", () => transactionContract(h));
    describe("stats and upkeep", () => upkeepContract(backend, h));
  });
}
