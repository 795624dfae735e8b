/**
 * Messages between the request threads' side of the server and the engine host thread
 * (see ./index.ts). Plain data only: everything crosses `postMessage` (structured clone).
 */
import type { Actor } from "@/lib/http";
import type { ErrorAnswer } from "@/lib/http/error-response";
import type { RunEventMessage, RunOptions } from "@/engine/ports";
import type { RunAnswer } from "@/lib/services/run-answers";

/**
 * A run command. Every reply is the run as the API answers it, as JSON text; with
 * `stepInputs: false` its steps leave their input snapshots out (`?step_inputs=false`).
 */
export type RunCommand = (
  | { op: "trigger"; workflowId: string; input: Record<string, unknown>; options: RunOptions; actor: Actor; waitMs?: number }
  | { op: "resume"; id: string; actor: Actor }
  | { op: "approve"; id: string; actor: Actor; nodeId: string; comment?: string; input?: Record<string, unknown> }
  | { op: "reject"; id: string; actor: Actor; nodeId: string; comment?: string }
  | { op: "cancel"; id: string; actor: Actor }
) & { stepInputs?: boolean };

/** JSON text of a value of type `T`: sent on as it is, never parsed on the way. */
export type JsonText<T> = string & { readonly __json?: T };

/**
 * What a command comes to, as it crosses the thread: the run's JSON text, or the error as
 * the API answers it (`errorAnswer`, lib/http/error-response.ts) — one typed value either way.
 */
export type CommandOutcome = { ok: true; json: JsonText<RunAnswer> } | { ok: false; error: ErrorAnswer };

export type ToHost =
  | { type: "command"; id: number; command: RunCommand }
  | { type: "subscribe"; id: number; runId: string }
  | { type: "unsubscribe"; runId: string };

export type FromHost =
  /** `ms`: how long the engine thread spent on the command, from receipt to reply. */
  | { type: "reply"; id: number; outcome: CommandOutcome; ms: number }
  | { type: "subscribed"; id: number }
  | { type: "bus"; runId: string; message: RunEventMessage };
