/**
 * The storage ports on PostgreSQL: each store's calls are this folder's functions bound to a
 * pool's session (./session.ts): inside `transaction(fn)` they run on its connection, outside
 * on any connection of the pool. The run store and its leases are bound elsewhere.
 */
import type pg from "pg";
import type { Storage, StorageUpkeep } from "../ports";
import { findApiKeyByHash, findApiKeyRow, insertApiKey, keyOwner, listApiKeyRows, liveKeysCreatedBy, revokeApiKeyRow, touchApiKey } from "./api-keys";
import { appendAudit, auditRowHash, listAuditEntries, readAuditChainPage } from "./audit";
import { auditTargetNames } from "./audit-targets";
import { databaseStats } from "./database-stats";
import { deleteHookRow, findHookByWorkflow, findHookForTrigger, insertHook, rotateHookSecret, setHookEnabled, touchHook } from "./hooks";
import { clearFailures, failuresSince, pruneFailures, recordFailure } from "./login-failures";
import { startRunPruner } from "./retention";
import { findRunWithWorkflow, listApprovalRows, listRunRows } from "./run-queries";
import { deleteSecretRow, findSecretMeta, insertSecretRow, listSecretNames, listSecretRows, readSealed, updateSecretRow } from "./secrets";
import { sessionOf } from "./session";
import { startSpendFolder } from "./spend-folder";
import { spendAggregates, spendRuns } from "./spend-report";
import { countActiveAdmins, countUsers, deleteUserRow, deleteUserSessions, findUserRow, insertUser, listUserRows, updateUserRow } from "./users";
import { findVersion, insertVersion, listVersionSummaries, listVersionsAfter, VersionGraphs } from "./versions";
import { listWorkflowSummaries } from "./workflow-list";
import { findWorkflow, findWorkflowHead, insertWorkflow, markWorkflowDeleted, updateWorkflow } from "./workflows";

/** Every store of {@link Storage} but the run store, with `transaction` and `stats`, on `pool`. */
export function postgresStores(pool: pg.Pool): Omit<Storage, "runStore" | "upkeep" | "notices" | "queue"> {
  const session = sessionOf(pool);
  const sql = session.sql;
  const graphs = new VersionGraphs(sql);
  const stores: Omit<Storage, "runStore" | "upkeep" | "notices" | "queue"> = {
    workflows: {
      find: (id) => findWorkflow(sql, id),
      head: (id) => findWorkflowHead(session.together, id),
      insert: (w) => insertWorkflow(sql, w),
      update: (w) => updateWorkflow(sql, w),
      markDeleted: (a) => markWorkflowDeleted(sql, a),
      list: (a) => listWorkflowSummaries(sql, a),
    },
    versions: {
      insert: (v) => insertVersion(sql, v),
      find: (a) => findVersion(sql, a),
      graph: (workflowId, version) => graphs.graph(workflowId, version),
      list: (a) => listVersionSummaries(sql, a),
      listAfter: (a) => listVersionsAfter(sql, a),
    },
    audit: {
      append: (input) => appendAudit(session, input),
      list: (filter) => listAuditEntries(sql, filter),
      chainPage: (a) => readAuditChainPage(sql, a),
      rowHash: (seq) => auditRowHash(sql, seq),
      targetNames: (rows) => auditTargetNames(sql, rows),
    },
    users: {
      count: () => countUsers(sql),
      find: (by) => findUserRow(sql, by),
      list: () => listUserRows(sql),
      countActiveAdmins: () => countActiveAdmins(sql),
      insert: (u, accountId) => insertUser(sql, u, accountId),
      update: (id, patch, at) => updateUserRow(sql, id, patch, at),
      deleteSessions: (userId) => deleteUserSessions(sql, userId),
      delete: (id) => deleteUserRow(sql, id),
    },
    apiKeys: {
      findByHash: (hash) => findApiKeyByHash(session.together, hash),
      find: (id) => findApiKeyRow(sql, id),
      owner: (key) => keyOwner(sql, key),
      list: (createdById) => listApiKeyRows(sql, createdById),
      insert: (k) => insertApiKey(sql, k),
      revoke: (id, at) => revokeApiKeyRow(sql, id, at),
      liveCreatedBy: (createdById) => liveKeysCreatedBy(sql, createdById),
      touch: (id, at) => touchApiKey(sql, id, at),
    },
    loginFailures: {
      since: (key, since) => failuresSince(sql, key, since),
      record: (keys, at) => recordFailure(sql, keys, at),
      clear: (key) => clearFailures(sql, key),
      prune: (before) => pruneFailures(sql, before),
    },
    secrets: {
      list: () => listSecretRows(sql),
      names: () => listSecretNames(sql),
      find: (name) => findSecretMeta(sql, name),
      readSealed: (names) => readSealed(sql, names),
      insert: (name, sealed, at) => insertSecretRow(sql, name, sealed, at),
      update: (name, sealed, at) => updateSecretRow(sql, name, sealed, at),
      delete: (name) => deleteSecretRow(sql, name),
    },
    hooks: {
      findByWorkflow: (workflowId) => findHookByWorkflow(sql, workflowId),
      findForTrigger: (id) => findHookForTrigger(sql, id),
      insert: (h) => insertHook(sql, h),
      rotateSecret: (a) => rotateHookSecret(sql, a),
      setEnabled: (a) => setHookEnabled(sql, a),
      delete: (id) => deleteHookRow(sql, id),
      touch: (a) => touchHook(sql, a),
    },
    runs: {
      findWithWorkflow: (id) => findRunWithWorkflow(session.together, id),
      list: (filter) => listRunRows(sql, filter),
      approvals: (a) => listApprovalRows(sql, a),
    },
    spend: {
      report: (filter) => spendAggregates(sql, filter),
      runs: (filter, limit) => spendRuns(sql, filter, limit),
    },
    transaction: (fn) => session.transaction(() => fn(stores)),
    stats: () => databaseStats(sql, pool),
  };
  return stores;
}

/**
 * Spend rollup and run retention on `pool`. Every process may start them: each pass is done
 * by one process at a time (an advisory lock per job), the others skip it.
 */
export function postgresUpkeep(pool: pg.Pool): StorageUpkeep {
  return {
    start({ retentionDays, retentionIntervalMs }) {
      const stops = [startSpendFolder(pool), ...(retentionDays === null ? [] : [startRunPruner(pool, { retentionDays, intervalMs: retentionIntervalMs })])];
      return () => stops.forEach((stop) => stop());
    },
  };
}
