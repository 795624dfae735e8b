/**
 * Typed API errors: one union of codes and one table mapping each code to its HTTP
 * status and default message (STYLE rule 6). Services throw {@link ApiError}; the
 * shared helper in `error-response.ts` turns it into `{error:{code,message,details?}}`.
 */

export type ApiErrorCode =
  | "invalid_json"
  | "invalid_body"
  | "invalid_query"
  | "invalid_path"
  | "unsupported_media_type"
  | "unauthenticated"
  | "invalid_signature"
  | "forbidden"
  | "forbidden_host"
  | "cross_origin"
  | "rate_limited"
  | "already_set_up"
  | "not_found"
  | "version_conflict"
  | "already_exists"
  | "bad_state"
  | "snapshot_too_new"
  | "payload_too_large"
  | "invalid_graph"
  | "too_large"
  | "storage_full"
  | "storage_busy"
  | "storage_read_only"
  | "internal";

interface CodeInfo {
  status: number;
  message: string;
}

/** The one table: status and default wording per code. */
export const API_ERRORS: Record<ApiErrorCode, CodeInfo> = {
  invalid_json: { status: 400, message: "the request body is not valid JSON" },
  invalid_body: { status: 400, message: "the request body does not have the expected shape" },
  invalid_query: { status: 400, message: "the query string is not valid" },
  invalid_path: { status: 400, message: "the request path is not valid percent-encoding" },
  unsupported_media_type: { status: 415, message: "a request body must be JSON, sent with `Content-Type: application/json`" },
  unauthenticated: { status: 401, message: "sign in first, or send an API key as `Authorization: Bearer <key>`" },
  invalid_signature: { status: 401, message: "the webhook call's signature or secret does not match its hook" },
  forbidden: { status: 403, message: "your role does not allow this" },
  rate_limited: { status: 429, message: "too many attempts; wait and try again" },
  already_set_up: { status: 409, message: "the owner account exists already; sign in, or ask an admin for an account" },
  forbidden_host: { status: 403, message: "requests for this host name are refused; list it in SWITCHYARD_HOSTNAMES to serve it" },
  cross_origin: { status: 403, message: "changes are only taken from this server's own pages" },
  not_found: { status: 404, message: "not found" },
  version_conflict: { status: 409, message: "the workflow was changed since the version this save is based on" },
  already_exists: { status: 409, message: "an object with this name already exists" },
  bad_state: { status: 409, message: "the object is not in a state that allows this" },
  snapshot_too_new: { status: 409, message: "the run's checkpoint was written by a newer version of Switchyard: a server of that version or later continues it (nothing was changed)" },
  payload_too_large: { status: 413, message: "the request body is too large" },
  invalid_graph: { status: 422, message: "the graph is not valid" },
  too_large: { status: 422, message: "the answer would be larger than one response carries" },
  storage_full: { status: 507, message: "the database's disk is full: nothing was written; free space on the server and retry" },
  storage_busy: { status: 503, message: "the database is busy (another process holds its lock): nothing was written; retry" },
  storage_read_only: { status: 503, message: "the database cannot be written (a read-only file or directory): nothing was written" },
  internal: { status: 500, message: "internal error" },
};

/** An expected failure with a stable code; `details` is extra JSON for the client. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ApiErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? API_ERRORS[code].message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
  }

  /** The HTTP status from the table. */
  get status(): number {
    return API_ERRORS[this.code].status;
  }
}

/** Shorthand for the common 404. */
export function notFound(what = "not found"): ApiError {
  return new ApiError("not_found", what);
}
