import "server-only";
/**
 * The storage ports on SQLite: each store's calls are the `lib/db` functions bound to one
 * connection, run through its {@link ConnectionGate} (a transaction holds the connection
 * until it ends; everything else on it waits).
 */
import type Database from "better-sqlite3";
import type { RunHostStore, Storage } from "../ports";
import { startRunPruner } from "../retention";
import { SqliteRunStore } from "../run-store";
import { findApiKeyByHash, findApiKeyRow, insertApiKey, keyOwner, listApiKeyRows, liveKeysCreatedBy, revokeApiKeyRow, touchApiKey } from "../api-keys";
import { appendAudit, auditRowHash, listAuditEntries, readAuditChainPage } from "../audit";
import { auditTargetNames } from "../audit-targets";
import { databaseStats } from "../database-stats";
import { deleteHookRow, findHookByWorkflow, findHookForTrigger, insertHook, rotateHookSecret, setHookEnabled, touchHook } from "../hooks";
import { clearFailures, failuresSince, pruneFailures, recordFailure } from "../login-failures";
import { findRunWithWorkflow, findWorkflowHead, listApprovalRows, listRunRows, versionGraphText } from "../run-queries";
import { deleteSecretRow, findSecretMeta, insertSecretRow, listSecretNames, listSecretRows, readSealed, updateSecretRow } from "../secrets";
import { spendAggregates, spendRuns, startSpendFolder } from "../spend";
import { countActiveAdmins, countUsers, deleteUserRow, deleteUserSessions, findUserRow, insertUser, listUserRows, updateUserRow } from "../users";
import { versionGraph } from "../graph-column";
import { findVersion, insertVersion, listVersionSummaries, listVersionsAfter } from "../versions";
import { listWorkflowSummaries } from "../workflow-list";
import { findWorkflow, insertWorkflow, markWorkflowDeleted, updateWorkflow } from "../workflows";
import { gateOf } from "./gate";

export function sqliteStorage(c: Database.Database): Storage {
  const gate = gateOf(c);
  const run = <T>(f: () => T) => gate.run(f);
  let runStore: RunHostStore | undefined;
  const storage: Storage = {
    workflows: {
      find: (id) => run(() => findWorkflow({ id }, c)),
      head: (id) => run(() => findWorkflowHead(id, c)),
      insert: (w) => run(() => insertWorkflow(c, w)),
      update: (w) => run(() => updateWorkflow(c, w)),
      markDeleted: (a) => run(() => markWorkflowDeleted(c, a)),
      list: (a) => run(() => listWorkflowSummaries(c, a)),
    },
    versions: {
      insert: (v) => run(() => insertVersion(c, v)),
      find: (a) => run(() => findVersion(a, c)),
      graph: (workflowId, version) => run(() => versionGraph(c, workflowId, version, () => versionGraphText(c, workflowId, version))),
      list: (a) => run(() => listVersionSummaries(c, a)),
      listAfter: (a) => run(() => listVersionsAfter(c, a)),
    },
    audit: {
      append: (input) => run(() => appendAudit(c, input)),
      list: (filter) => run(() => listAuditEntries(c, filter)),
      chainPage: (a) => run(() => readAuditChainPage(a, c)),
      rowHash: (seq) => run(() => auditRowHash(seq, c)),
      targetNames: (rows) => run(() => auditTargetNames(rows, c)),
    },
    users: {
      count: () => run(() => countUsers(c)),
      find: (by) => run(() => findUserRow(c, by)),
      list: () => run(() => listUserRows(c)),
      countActiveAdmins: () => run(() => countActiveAdmins(c)),
      insert: (u, accountId) => run(() => insertUser(c, u, accountId)),
      update: (id, patch, at) => run(() => updateUserRow(c, id, patch, at)),
      deleteSessions: (userId) => run(() => deleteUserSessions(c, userId)),
      delete: (id) => run(() => deleteUserRow(c, id)),
    },
    apiKeys: {
      findByHash: (hash) => run(() => findApiKeyByHash(c, hash)),
      find: (id) => run(() => findApiKeyRow(c, id)),
      owner: (key) => run(() => keyOwner(c, key)),
      list: (createdById) => run(() => listApiKeyRows(c, createdById)),
      insert: (k) => run(() => insertApiKey(c, k)),
      revoke: (id, at) => run(() => revokeApiKeyRow(c, id, at)),
      liveCreatedBy: (createdById) => run(() => liveKeysCreatedBy(c, createdById)),
      touch: (id, at) => run(() => touchApiKey(c, id, at)),
    },
    loginFailures: {
      since: (key, since) => run(() => failuresSince(c, key, since)),
      record: (keys, at) => run(() => recordFailure(c, keys, at)),
      clear: (key) => run(() => clearFailures(c, key)),
      prune: (before) => run(() => pruneFailures(c, before)),
    },
    secrets: {
      list: () => run(() => listSecretRows(c)),
      names: () => run(() => listSecretNames(c)),
      find: (name) => run(() => findSecretMeta(c, name)),
      readSealed: (names) => run(() => readSealed(c, names)),
      insert: (name, sealed, at) => run(() => insertSecretRow(c, name, sealed, at)),
      update: (name, sealed, at) => run(() => updateSecretRow(c, name, sealed, at)),
      delete: (name) => run(() => deleteSecretRow(c, name)),
    },
    hooks: {
      findByWorkflow: (workflowId) => run(() => findHookByWorkflow(c, workflowId)),
      findForTrigger: (id) => run(() => findHookForTrigger(c, id)),
      insert: (h) => run(() => insertHook(c, h)),
      rotateSecret: (a) => run(() => rotateHookSecret(c, a)),
      setEnabled: (a) => run(() => setHookEnabled(c, a)),
      delete: (id) => run(() => deleteHookRow(c, id)),
      touch: (a) => run(() => touchHook(c, a)),
    },
    runs: {
      findWithWorkflow: (id) => run(() => findRunWithWorkflow(id, c)),
      list: (filter) => run(() => listRunRows(filter, c)),
      approvals: (a) => run(() => listApprovalRows(a, c)),
    },
    spend: {
      report: (filter) => run(() => spendAggregates(filter, c)),
      runs: (filter, limit) => run(() => spendRuns(filter, c, limit)),
    },
    transaction: (fn) => gate.transaction(() => fn(storage)),
    stats: () => run(() => databaseStats(c)),
    runStore: () => (runStore ??= new SqliteRunStore(c)),
    // One process serves a SQLite file: nobody to tell.
    notices: null,
    queue: () => null,
    upkeep: {
      start({ retentionDays, retentionIntervalMs }) {
        // Both write in short slices between the thread's run commits, on its connection.
        const stops = [startSpendFolder(c), ...(retentionDays === null ? [] : [startRunPruner(c, { retentionDays, intervalMs: retentionIntervalMs })])];
        return () => stops.forEach((stop) => stop());
      },
    },
  };
  return storage;
}
