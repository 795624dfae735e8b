/**
 * The engine side of the run boundary: executes run commands against this thread's run
 * runtime, through one handler per command. Runs in the engine host thread (or on the
 * request thread when the engine runs in-process). The outcome is plain data: the run as
 * JSON text (the request thread sends it on without parsing it), or the error as the API
 * answers it, decided here, where the error's classes are the ones that threw it.
 */
import { errorAnswer } from "@/lib/http/error-response";
import type { RunAnswer } from "@/lib/services/run-answers";
import { approveGate, cancelRun, rejectGate, resumeRun } from "@/lib/services/run-lifecycle";
import { triggerRun } from "@/lib/services/runs";
import type { CommandOutcome, RunCommand } from "./protocol";

type Handlers = { readonly [Op in RunCommand["op"]]: (command: Extract<RunCommand, { op: Op }>) => Promise<RunAnswer> };

/** Every command has its handler: a new `op` without one does not compile. */
const HANDLERS: Handlers = {
  trigger: triggerRun,
  resume: resumeRun,
  approve: approveGate,
  reject: rejectGate,
  cancel: cancelRun,
};

export async function executeCommand(command: RunCommand): Promise<CommandOutcome> {
  try {
    const handler = HANDLERS[command.op] as (command: RunCommand) => Promise<RunAnswer>;
    return { ok: true, json: JSON.stringify(await handler(command)) };
  } catch (err) {
    return { ok: false, error: errorAnswer(err) };
  }
}
