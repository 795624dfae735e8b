import "server-only";
/**
 * Run commands from the request thread: trigger, resume, approve, reject, cancel execute
 * where runs execute (the engine host, lib/runtime/host) and answer with the run.
 */
import { EngineError, type EngineErrorCode } from "@/engine/errors";
import { ApiError, type ApiErrorCode } from "@/lib/api";
import { engineHost, type RunCommand, type WireError } from "@/lib/runtime/host";

/** Executes `command`; the response carries the run's JSON as the engine host wrote it. */
export async function runCommandResponse(command: RunCommand, status: number): Promise<Response> {
  let json: string;
  try {
    json = await engineHost().command(command);
  } catch (err) {
    const wire = (err as { wire?: WireError }).wire;
    throw wire ? fromWire(wire) : err;
  }
  return new Response(json, { status, headers: { "content-type": "application/json" } });
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
