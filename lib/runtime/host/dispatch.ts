/**
 * Executes run commands against this thread's run runtime. Runs in the engine host thread
 * (or on the request thread when the engine runs in-process); the reply is JSON text so
 * the request thread sends it on without parsing it.
 */
import { approveGate, cancelRun, rejectGate, resumeRun } from "@/lib/services/run-lifecycle";
import { triggerRun } from "@/lib/services/runs";
import type { RunCommand, WireError } from "./protocol";

export async function executeCommand(command: RunCommand): Promise<string> {
  switch (command.op) {
    case "trigger":
      return JSON.stringify(await triggerRun(command));
    case "resume":
      return JSON.stringify(await resumeRun(command));
    case "approve":
      return JSON.stringify(await approveGate(command));
    case "reject":
      return JSON.stringify(await rejectGate(command));
    case "cancel":
      return JSON.stringify(await cancelRun(command));
  }
}

/** What of an error crosses the thread boundary: enough to rebuild API and engine errors. */
export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: "Error", message: String(err) };
  const { code, details } = err as Error & { code?: unknown; details?: unknown };
  return {
    name: err.name,
    message: err.message,
    ...(typeof code === "string" ? { code } : {}),
    ...(details && typeof details === "object" ? { details: details as Record<string, unknown> } : {}),
  };
}
