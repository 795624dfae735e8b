/**
 * The HTTP API as an OpenAPI 3.1 document, served at `GET /api/openapi`. Request bodies and
 * query strings are generated from the very zod schemas the route handlers parse them with,
 * and so are every JSON answer but this document's own and the stream events (the schemas
 * the server builds them by: lib/services/*-answers.ts and lib/secrets/schemas.ts, named
 * under `components.schemas`); docs/api.md says what they mean.
 * `openapi.test.ts` checks that every route handler under `app/api` is listed here and
 * nothing else is.
 */
import { z } from "zod";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "./pagination";
import { ID_PATTERN } from "./params";
import { API_ERRORS, type ApiErrorCode } from "./errors";
import { DEFAULT_MAX_BODY_BYTES } from "./body";
import { SECRET_NAME_PATTERN } from "@/engine/secrets/placeholders";
import { createSecretBody, secretListSchema, secretSchema, updateSecretBody } from "@/lib/secrets/schemas";
import { auditFilterQuery, auditVerifyQuery } from "@/lib/services/audit-params";
import { auditCheckSchema, auditEntrySchema } from "@/lib/services/audit-answers";
import { approveBody, checkpointListQuery, lastEventQuery, rejectBody, runListQuery, runReadQuery, triggerBody, waitQuery } from "@/lib/services/run-params";
import { spendQuery } from "@/lib/services/spend";
import { spendGroupSchema, spendReportSchema, spendRunListSchema, spendRunSchema } from "@/lib/services/spend-answers";
import { createWorkflowBody, restoreVersionBody, saveWorkflowBody, validateWorkflowBody } from "@/lib/services/workflow-params";
import { workflowListQuery } from "@/lib/services/workflows";
import { signInBody } from "@/lib/services/sign-in";
import { healthSchema } from "@/lib/services/health-answers";
import { modelListSchema, modelSchema, toolListSchema, toolParamSchema, toolSchema } from "@/lib/services/catalog-answers";
import { hookInputBody, patchHookBody } from "@/lib/services/hook-params";
import { hookChangedSchema, hookLookupSchema, hookSchema, hookWithSecretSchema } from "@/lib/services/hook-answers";
import { changePasswordBody, createApiKeyBody, createUserBody, patchUserBody, setupBody } from "@/lib/services/user-params";
import { apiKeyCreatedSchema, apiKeyListSchema, apiKeySchema, meSchema, passwordChangedSchema, setupDoneSchema, setupStatusSchema, signedInSchema, signedOutSchema, userListSchema, userSchema } from "@/lib/services/account-answers";
import { NARROWED, ROUTE_POLICY, rolesFor, type RouteKey } from "./policy";
import { checkpointHeadSchema, checkpointListSchema, checkpointSchema, gateSchema, runEventSchemas, runGateSchema, runSchema, runSummarySchema, stepSchema } from "@/lib/services/run-answers";
import { approvalItemSchema } from "@/lib/services/approval-answers";
import { workflowSavedEvent } from "@/lib/services/workflow-params";
import { validationSchema, versionSchema, versionSummarySchema, workflowSchema, workflowSummarySchema } from "@/lib/services/workflow-answers";

type JsonSchema = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete";

export interface Operation {
  method: Method;
  /** OpenAPI form: `/api/runs/{id}`. */
  path: string;
  summary: string;
  /** A zod object whose keys are the query parameters. */
  query?: z.ZodObject;
  /** Paged lists take `limit` and `cursor`. */
  paged?: boolean;
  body?: z.ZodType;
  /** The body may be left out (or be empty). */
  bodyOptional?: boolean;
  /** Status → what the answer is. Errors of the operation beyond the common ones go here too. */
  ok: Record<number, string>;
  errors?: ApiErrorCode[];
  /** The success answer's schema (of one item, when `paged`). */
  answer?: z.ZodType;
  /** `text/event-stream` instead of JSON. */
  stream?: boolean;
  /** A stream's events: the SSE event name → the schema of its `data`. */
  events?: Record<string, z.ZodType>;
  /** Answers every request (no host or origin check: `request-guard.ts`). */
  unguarded?: boolean;
}

const RUN_ANSWER = "the run: status, totals, pending gate, output, error, and its steps (docs/api.md, \"Runs\")";

/** Answer and event schemas with a name of their own in `components.schemas` (referenced, not repeated). */
const NAMED: [string, z.ZodType][] = [
  ["Run", runSchema],
  ["RunSummary", runSummarySchema],
  ["Step", stepSchema],
  ["Gate", gateSchema],
  ["RunGate", runGateSchema],
  ["CheckpointHead", checkpointHeadSchema],
  ["Checkpoint", checkpointSchema],
  ["CheckpointList", checkpointListSchema],
  ["ApprovalItem", approvalItemSchema],
  ["Hook", hookSchema],
  ["HookLookup", hookLookupSchema],
  ["HookWithSecret", hookWithSecretSchema],
  ["HookChanged", hookChangedSchema],
  ["AuditEntry", auditEntrySchema],
  ["AuditCheck", auditCheckSchema],
  ["SpendGroup", spendGroupSchema],
  ["SpendReport", spendReportSchema],
  ["SpendRun", spendRunSchema],
  ["SpendRunList", spendRunListSchema],
  ["Model", modelSchema],
  ["ModelList", modelListSchema],
  ["ToolParam", toolParamSchema],
  ["Tool", toolSchema],
  ["ToolList", toolListSchema],
  ["Secret", secretSchema],
  ["SecretList", secretListSchema],
  ["User", userSchema],
  ["UserList", userListSchema],
  ["ApiKey", apiKeySchema],
  ["ApiKeyList", apiKeyListSchema],
  ["ApiKeyCreated", apiKeyCreatedSchema],
  ["Me", meSchema],
  ["SetupStatus", setupStatusSchema],
  ["SetupDone", setupDoneSchema],
  ["SignedIn", signedInSchema],
  ["SignedOut", signedOutSchema],
  ["PasswordChanged", passwordChangedSchema],
  ["Health", healthSchema],
  ["RunStatusEvent", runEventSchemas["run.status"]],
  ["StepEvent", runEventSchemas["step.started"]],
  ["GatePendingEvent", runEventSchemas["gate.pending"]],
  ["StepDeltaEvent", runEventSchemas["step.delta"]],
  ["WorkflowSavedEvent", workflowSavedEvent],
  ["Workflow", workflowSchema],
  ["WorkflowSummary", workflowSummarySchema],
  ["Validation", validationSchema],
  ["Version", versionSchema],
  ["VersionSummary", versionSummarySchema],
];
const NAME_OF = new Map<z.ZodType, string>(NAMED.map(([name, schema]) => [schema, name]));
const ref = (schema: z.ZodType): JsonSchema => {
  const name = NAME_OF.get(schema);
  if (!name) throw new Error("an answer schema must be named in NAMED (lib/http/openapi.ts)");
  return { $ref: `#/components/schemas/${name}` };
};

/** The named schemas as JSON Schema, each referring to the others by `$ref`. */
function namedSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of NAMED) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "output", unrepresentable: "any", target: "draft-2020-12" }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...rest }]) => [id, rest]));
}

/** Every route handler in `app/api`, in the order docs/api.md lists them. */
export const OPERATIONS: Operation[] = [
  { method: "get", path: "/api/workflows", summary: "List live workflows, newest updated first; `q` keeps those whose name or description contains it", query: workflowListQuery, paged: true, ok: { 200: "`{items, next_cursor}` of workflow summaries" }, answer: workflowSummarySchema },
  { method: "post", path: "/api/workflows", summary: "Create a workflow (version 1)", body: createWorkflowBody, ok: { 201: "the workflow" }, answer: workflowSchema },
  { method: "get", path: "/api/workflows/{id}", summary: "A workflow with its live graph and validation summary", ok: { 200: "the workflow" }, answer: workflowSchema },
  { method: "put", path: "/api/workflows/{id}", summary: "Save; a changed graph becomes a new version, a save that changes nothing makes none", body: saveWorkflowBody, ok: { 200: "the workflow after the save" }, errors: ["version_conflict"], answer: workflowSchema },
  { method: "delete", path: "/api/workflows/{id}", summary: "Delete; the workflow is then 404 everywhere (its runs and history stay stored)", ok: { 204: "deleted" } },
  { method: "post", path: "/api/workflows/{id}/validate", summary: "Check the stored graph, or a posted one", body: validateWorkflowBody, bodyOptional: true, ok: { 200: "`{errors, warnings}`" }, answer: validationSchema },
  { method: "get", path: "/api/workflows/{id}/versions", summary: "Version history, newest first, with node and edge counts", paged: true, ok: { 200: "`{items, next_cursor}` of versions" }, answer: versionSummarySchema },
  { method: "get", path: "/api/workflows/{id}/versions/{version}", summary: "One immutable version with its graph", ok: { 200: "the version" }, answer: versionSchema },
  { method: "post", path: "/api/workflows/{id}/versions/{version}/restore", summary: "Make an old version's graph the live graph, as a new version", body: restoreVersionBody, bodyOptional: true, ok: { 200: "the workflow after the restore" }, errors: ["version_conflict"], answer: workflowSchema },
  { method: "post", path: "/api/workflows/{id}/runs", summary: "Trigger a run: at once, or with `wait` once it completes, fails or pauses", query: waitQuery.extend(runReadQuery.shape), body: triggerBody, bodyOptional: true, ok: { 201: RUN_ANSWER }, answer: runSchema, errors: ["invalid_graph"] },
  { method: "get", path: "/api/workflows/{id}/runs", summary: "The workflow's runs, newest first", query: runListQuery.pick({ status: true }), paged: true, ok: { 200: "`{items, next_cursor}` of run summaries" }, answer: runSummarySchema },
  { method: "get", path: "/api/workflows/{id}/events", summary: "Server-Sent Events: `workflow.saved` for each version saved after `Last-Event-ID` (header or query; by default the current version), then live, from any process", query: lastEventQuery, stream: true, events: { "workflow.saved": workflowSavedEvent }, ok: { 200: "an event stream of `workflow.saved` `{workflow_id, version, saved_by: {id, name}, saved_at, note, layout_only}` (the event id is the version); `: keepalive` comments every 15 s" } },
  { method: "get", path: "/api/workflows/{id}/hook", summary: "The workflow's webhook, never its secret", ok: { 200: "`{hook: {id, workflow_id, enabled, url_path, created_at, rotated_at, last_triggered_at} | null}`" }, answer: hookLookupSchema },
  { method: "post", path: "/api/workflows/{id}/hook", summary: "Make the workflow's webhook, or give it a new secret (the old one stops working at once); the `secret` is in this answer only", ok: { 201: "`{hook, secret}`: the hook was made", 200: "`{hook, secret}`: the secret was rotated" }, answer: hookWithSecretSchema },
  { method: "patch", path: "/api/workflows/{id}/hook", summary: "Enable or disable the webhook (a disabled one answers 404)", body: patchHookBody, ok: { 200: "`{hook}`" }, answer: hookChangedSchema },
  { method: "delete", path: "/api/workflows/{id}/hook", summary: "Delete the webhook: its URL answers 404 from now on", ok: { 204: "deleted" } },
  { method: "post", path: "/api/hooks/{hook_id}", summary: "Call a webhook: the JSON body (at most 1 MiB) becomes the input of a run of its workflow, at once or with `wait` once it completes, fails or pauses. Authenticated by `X-Switchyard-Timestamp` and `X-Switchyard-Signature: sha256=<hex HMAC-SHA256(secret, \"<timestamp>.<body>\")>` (at most 300 s old), or by `X-Switchyard-Hook-Secret`", query: waitQuery.extend(runReadQuery.shape), body: hookInputBody, bodyOptional: true, ok: { 201: RUN_ANSWER }, answer: runSchema, errors: ["invalid_signature", "invalid_graph"] },
  { method: "get", path: "/api/runs", summary: "All runs, newest first", query: runListQuery, paged: true, ok: { 200: "`{items, next_cursor}` of run summaries" }, answer: runSummarySchema },
  { method: "get", path: "/api/runs/{id}", summary: "A run whole; `step_inputs=false` leaves the steps' input snapshots out; a pending gate says whether the caller may decide it", query: runReadQuery, ok: { 200: RUN_ANSWER }, answer: runSchema, errors: ["too_large", "snapshot_too_new"] },
  { method: "get", path: "/api/runs/{id}/steps/{stepId}", summary: "One step of a run with its input snapshot", errors: ["snapshot_too_new"], ok: { 200: "the step" }, answer: stepSchema },
  { method: "get", path: "/api/runs/{id}/checkpoints", summary: "A run's checkpoints with their public state; `state=false` lists only which there are", query: checkpointListQuery, ok: { 200: "`{items}` of checkpoints (only their heads with `state=false`)" }, errors: ["too_large", "snapshot_too_new"], answer: checkpointListSchema },
  { method: "get", path: "/api/runs/{id}/checkpoints/{seq}", summary: "One checkpoint: public state, completed nodes, queue", errors: ["snapshot_too_new"], ok: { 200: "the checkpoint" }, answer: checkpointSchema },
  { method: "get", path: "/api/runs/{id}/events", summary: "Server-Sent Events: the run's stored events after `Last-Event-ID` (header or query), then live ones until it settles", query: lastEventQuery, stream: true, events: runEventSchemas, ok: { 200: "an event stream: `run.status`, `step.started`, `step.finished`, `gate.pending` (each with its `id`) and live `step.delta`; `: keepalive` comments every 15 s" } },
  { method: "get", path: "/api/runs/{id}/gate", summary: "The run's pending gate for the caller: who decides, the approvals so far, whether the caller may decide it now and why not", ok: { 200: "`{run_id, status, pending_gate}` (`pending_gate` null when the run waits at none; else with `may_decide`, `may_reject`, `decide_refusal`)" }, answer: runGateSchema },
  { method: "post", path: "/api/runs/{id}/resume", summary: "Continue a failed or interrupted run from its latest checkpoint", query: runReadQuery, ok: { 202: RUN_ANSWER }, answer: runSchema, errors: ["bad_state", "snapshot_too_new"] },
  { method: "post", path: "/api/runs/{id}/approve", summary: "Approve the pending gate with the reviewer's input (one of its `required_approvals`; the run goes on with the last)", query: runReadQuery, body: approveBody, ok: { 202: RUN_ANSWER }, answer: runSchema, errors: ["bad_state", "snapshot_too_new"] },
  { method: "post", path: "/api/runs/{id}/reject", summary: "Reject the pending gate: the run fails, naming the gate and the reviewer", query: runReadQuery, body: rejectBody, ok: { 200: RUN_ANSWER }, answer: runSchema, errors: ["bad_state", "snapshot_too_new"] },
  { method: "post", path: "/api/runs/{id}/cancel", summary: "Cancel: in-flight nodes are aborted and settle, then the run fails", query: runReadQuery, ok: { 200: RUN_ANSWER }, answer: runSchema, errors: ["bad_state", "snapshot_too_new"] },
  { method: "get", path: "/api/approvals", summary: "Runs waiting at a human gate the caller may approve now, oldest first", paged: true, ok: { 200: "`{items, next_cursor}` of waiting runs" }, answer: approvalItemSchema },
  { method: "get", path: "/api/audit", summary: "The audit trail, newest first", query: auditFilterQuery, paged: true, ok: { 200: "`{items, next_cursor}` of audit entries" }, answer: auditEntrySchema },
  { method: "get", path: "/api/audit/verify", summary: "Recompute the audit hash chain (`scope=new`: only the rows appended since the last check)", query: auditVerifyQuery, ok: { 200: "`{ok, checked, first_bad_seq?, message?, scope, full_check_at?}`" }, answer: auditCheckSchema },
  { method: "get", path: "/api/spend", summary: "Spend per workflow, model, node and day over a period", query: spendQuery.pick({ period: true }), ok: { 200: "the spend report" }, answer: spendReportSchema },
  { method: "get", path: "/api/spend/runs", summary: "The runs behind one spend figure", query: spendQuery, ok: { 200: "`{items, retention_days}`: the runs with their cost" }, answer: spendRunListSchema },
  { method: "get", path: "/api/models", summary: "Priced models", ok: { 200: "`{items: [{id, provider, input_usd_per_mtok, output_usd_per_mtok, cached_input_usd_per_mtok?}]}`" }, answer: modelListSchema },
  { method: "get", path: "/api/tools", summary: "Registered tools with their parameter schemas", ok: { 200: "`{items: [{name, description, params}]}`" }, answer: toolListSchema },
  { method: "get", path: "/api/secrets", summary: "Secret names with their timestamps (values never leave the server)", ok: { 200: "`{items, next_cursor: null}`" }, answer: secretListSchema },
  { method: "post", path: "/api/secrets", summary: "Create a secret", body: createSecretBody, ok: { 201: "the secret's name and timestamps" }, errors: ["already_exists"], answer: secretSchema },
  { method: "put", path: "/api/secrets/{name}", summary: "Replace a secret's value", body: updateSecretBody, ok: { 200: "the secret's name and timestamps" }, answer: secretSchema },
  { method: "delete", path: "/api/secrets/{name}", summary: "Delete a secret; runs that use it are refused", ok: { 204: "deleted" } },
  { method: "get", path: "/api/users", summary: "Every user, by email", ok: { 200: "`{items: [{id, name, email, role, disabled, created_at, updated_at}], next_cursor: null}`" }, answer: userListSchema },
  { method: "post", path: "/api/users", summary: "Add a person with a role and a first password", body: createUserBody, ok: { 201: "the user" }, errors: ["already_exists"], answer: userSchema },
  { method: "patch", path: "/api/users/{userId}", summary: "Change a user's role, name or `disabled` (disabling ends their sessions at once; a lower role revokes their keys it no longer covers)", body: patchUserBody, ok: { 200: "the user" }, errors: ["bad_state"], answer: userSchema },
  { method: "delete", path: "/api/users/{userId}", summary: "Remove a user: their sessions end, the API keys they made are revoked", ok: { 204: "removed" }, errors: ["bad_state"] },
  { method: "get", path: "/api/api-keys", summary: "API keys (never the keys themselves)", ok: { 200: "`{items: [{id, name, role, prefix, created_at, expires_at, last_used_at, revoked_at, created_by}], next_cursor: null}`" }, answer: apiKeyListSchema },
  { method: "post", path: "/api/api-keys", summary: "Make an API key; its `key` is in this answer only", body: createApiKeyBody, ok: { 201: "the key's record with `key` (send it as `Authorization: Bearer <key>`)" }, answer: apiKeyCreatedSchema },
  { method: "delete", path: "/api/api-keys/{keyId}", summary: "Revoke an API key: it stops working at once", ok: { 204: "revoked" } },
  { method: "get", path: "/api/me", summary: "Who this request is, with the role's permissions", ok: { 200: "`{type, id, name, email, role, permissions}`" }, answer: meSchema },
  { method: "get", path: "/api/setup", summary: "Whether the owner account is still to be made, and whether this request may make it", ok: { 200: "`{needed, allowed}`" }, answer: setupStatusSchema },
  { method: "post", path: "/api/setup", summary: "Make the owner account (an admin) and sign in — only while no account exists, from this machine or with the bootstrap token", body: setupBody, ok: { 201: "`{user}`, with the session cookie set" }, errors: ["already_set_up"], answer: setupDoneSchema },
  { method: "post", path: "/api/auth/sign-in/email", summary: "Sign in: sets the session cookie (httpOnly, SameSite=Lax, Secure over https)", body: signInBody, ok: { 200: "`{user}`" }, errors: ["rate_limited"], answer: signedInSchema },
  { method: "post", path: "/api/auth/sign-out", summary: "End this browser's session", ok: { 200: "`{signed_out: true}`" }, answer: signedOutSchema },
  { method: "post", path: "/api/auth/change-password", summary: "Change your password; `revoke_other_sessions` signs out your other browsers", body: changePasswordBody, ok: { 200: "`{changed: true}`" }, answer: passwordChangedSchema },
  { method: "get", path: "/api/health", summary: "Liveness", unguarded: true, ok: { 200: "`{ok: true}`" }, answer: healthSchema },
  { method: "get", path: "/api/openapi", summary: "This document", ok: { 200: "OpenAPI 3.1" } },
];

const PATH_PARAMS: Record<string, { description: string; schema: JsonSchema }> = {
  id: { description: "a workflow's or run's id", schema: { type: "string", pattern: ID_PATTERN.source } },
  stepId: { description: "a step's id", schema: { type: "string", pattern: ID_PATTERN.source } },
  version: { description: "a version number", schema: { type: "integer", minimum: 1 } },
  seq: { description: "a checkpoint's sequence number", schema: { type: "integer", minimum: 1 } },
  name: { description: "a secret's name", schema: { type: "string", pattern: SECRET_NAME_PATTERN.source } },
  userId: { description: "a user's id", schema: { type: "string", pattern: ID_PATTERN.source } },
  keyId: { description: "an API key's id", schema: { type: "string", pattern: ID_PATTERN.source } },
  hook_id: { description: "a webhook's id (its `url_path` ends with it)", schema: { type: "string", pattern: ID_PATTERN.source } },
};

const PAGE_PARAMS = [
  { name: "limit", in: "query", description: `page size (default ${DEFAULT_PAGE_LIMIT})`, schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_LIMIT } },
  { name: "cursor", in: "query", description: "the previous page's `next_cursor`", schema: { type: "string", minLength: 1, maxLength: 500 } },
];

/** The JSON Schema of what a client sends (a query's strings before they are converted). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

function queryParams(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const fieldSchema = inputSchema(field as z.ZodType);
    const required = !(field as z.ZodType).safeParse(undefined).success;
    return { name, in: "query", required, schema: fieldSchema };
  });
}

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

function operationObject(op: Operation) {
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const parameters = [
    ...pathNames.map((name) => ({ name, in: "path", required: true, ...PATH_PARAMS[name] })),
    ...(op.query ? queryParams(op.query) : []),
    ...(op.paged ? PAGE_PARAMS : []),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(op.ok)) {
    responses[status] = status === "204" ? { description } : { description, content: { [op.stream ? "text/event-stream" : "application/json"]: answerContent(op) } };
  }
  const access = ROUTE_POLICY[`${op.method} ${op.path}` as RouteKey];
  const signedIn = access !== undefined && access !== "public" && access !== "hook";
  const codes = new Set<ApiErrorCode>(op.errors ?? []);
  if (signedIn) for (const code of ["unauthenticated", "forbidden"] as const) codes.add(code);
  if (op.body) codes.add("unsupported_media_type");
  if (!op.unguarded) codes.add("forbidden_host");
  if (!op.unguarded && op.method !== "get") codes.add("cross_origin");
  if (op.body) for (const code of ["invalid_json", "invalid_body", "payload_too_large"] as const) codes.add(code);
  if (op.query || op.paged) codes.add("invalid_query");
  if (pathNames.length > 0) codes.add("not_found");
  if (op.method !== "get") for (const code of ["storage_busy", "storage_full"] as const) codes.add(code);
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) byStatus.set(API_ERRORS[code].status, [...(byStatus.get(API_ERRORS[code].status) ?? []), code]);
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) responses[status] = errorResponse(list.map((c) => `\`${c}\`: ${API_ERRORS[c].message}`).join("; "));
  const roles = signedIn ? rolesFor(access) : [];
  const who = signedIn ? `Roles: ${roles.join(", ")}${NARROWED[`${op.method} ${op.path}` as RouteKey] ? ` (${NARROWED[`${op.method} ${op.path}` as RouteKey]})` : ""}.` : access === "hook" ? "No sign-in: the webhook's signature or secret authenticates the call." : "No sign-in needed.";
  return {
    summary: op.summary,
    description: who,
    operationId: operationId(op),
    security: signedIn ? [{ bearerApiKey: [] }, { sessionCookie: [] }] : [],
    "x-switchyard-roles": roles,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { "application/json": { schema: inputSchema(op.body) } } } } : {}),
    responses,
  };
}

/** The media type object of a success answer: its schema when it has one. */
function answerContent(op: Operation): JsonSchema {
  if (op.events) {
    return {
      schema: { oneOf: Object.values(op.events).map(ref) },
      "x-switchyard-events": Object.fromEntries(Object.entries(op.events).map(([name, schema]) => [name, ref(schema)])),
    };
  }
  if (!op.answer) return {};
  const item = ref(op.answer);
  return { schema: op.paged ? { type: "object", required: ["items", "next_cursor"], properties: { items: { type: "array", items: item }, next_cursor: { type: ["string", "null"] } } } : item };
}

/** `post /api/workflows/{id}/runs` → `postWorkflowsByIdRuns`. */
function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/api\//, "")
    .split("/")
    .map((part) => (part.startsWith("{") ? `By${cap(camel(part.slice(1, -1)))}` : cap(part)));
  return op.method + words.join("");
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (s: string) => s.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

let cached: JsonSchema | undefined;

/** The whole document (built once per process: the schemas do not change while it runs). */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Switchyard",
      version: "1",
      description: `Visual LLM and agent workflows: workflows, their versions, runs, human gates, audit and spend. JSON bodies of at most ${DEFAULT_MAX_BODY_BYTES} bytes; errors are \`{error: {code, message, details?}}\`. Answers in full: docs/api.md.`,
    },
    paths,
    security: [{ bearerApiKey: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerApiKey: { type: "http", scheme: "bearer", description: "an API key (`sy_…`) or the bootstrap token" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "switchyard.session_token", description: "a signed-in browser's session (`__Secure-switchyard.session_token` over https)" },
      },
      schemas: {
        ...namedSchemas(),
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string", enum: Object.keys(API_ERRORS) },
                message: { type: "string" },
                details: { type: "object", description: "for `invalid_body` and `invalid_query`: `issues: [{path, message}]`" },
              },
            },
          },
        },
      },
    },
  };
  return cached;
}
