import "server-only";
/**
 * Run commands from the request thread: trigger, resume, approve, reject, cancel execute
 * where runs execute (the engine host, lib/runtime/host) and answer with the run.
 */
import { EngineError, type EngineErrorCode } from "@/engine/errors";
import { ApiError, parseQuery, type ApiErrorCode } from "@/lib/api";
import { engineHost, type CommandReply, type RunCommand, type WireError } from "@/lib/runtime/host";
import { runReadQuery } from "./run-params";

/**
 * Executes `command` for `request`; the response carries the run's JSON as the engine host
 * wrote it — without step inputs when the request asks `?step_inputs=false` — and a
 * `Server-Timing` header saying where the time went (see {@link serverTiming}).
 */
export async function runCommandResponse(request: Request, command: RunCommand, status: number): Promise<Response> {
  const { step_inputs } = parseQuery(request.url, runReadQuery, ["step_inputs"]);
  let reply: CommandReply;
  try {
    reply = await engineHost().command(step_inputs === undefined ? command : { ...command, stepInputs: step_inputs });
  } catch (err) {
    const wire = (err as { wire?: WireError }).wire;
    throw wire ? fromWire(wire) : err;
  }
  return new Response(reply.json, { status, headers: { "content-type": "application/json", "server-timing": serverTiming(reply) } });
}

/**
 * `engine`: the engine host's time on the command (with `?wait=`, the run until it settled);
 * `handoff`: the rest of the round trip to it — passing the command and the reply between
 * threads. Browsers' developer tools show these with the request; bench/http.ts splits
 * its latencies with them.
 */
export function serverTiming(reply: Pick<CommandReply, "engineMs" | "totalMs">): string {
  const handoff = Math.max(0, reply.totalMs - reply.engineMs);
  return `engine;dur=${reply.engineMs.toFixed(3)};desc="engine host", handoff;dur=${handoff.toFixed(3)};desc="to and from the engine host"`;
}

/** This bundle's error for one thrown where the command ran: API and engine errors keep their codes. */
export function fromWire(error: WireError): Error {
  if (error.name === "ApiError" && error.code) return new ApiError(error.code as ApiErrorCode, error.message, error.details);
  if (error.name === "EngineError" && error.code) return new EngineError(error.code as EngineErrorCode, error.message);
  const err = new Error(error.message) as Error & { code?: string };
  err.name = error.name;
  if (error.code) err.code = error.code;
  return err;
}
