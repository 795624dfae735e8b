import "server-only";
/**
 * The request side of the run boundary: a route hands a typed run command over and gets
 * its response back. Trigger, resume, approve, reject and cancel execute where runs execute
 * (the engine host, ./index.ts) and come back as one {@link CommandReply}: the run's JSON
 * text, or the error already decided as the API answers it — so the services are entered
 * once, on the engine side, and nothing is rebuilt here.
 */
import { parseQuery } from "@/lib/http";
import { errorAnswerResponse } from "@/lib/http/error-response";
import { runReadQuery } from "@/lib/services/run-params";
import { engineHost, type CommandReply, type RunCommand } from "./index";

/**
 * Executes `command` for `request`: `status` and the run's JSON as the engine host wrote
 * it — without step inputs when the request asks `?step_inputs=false` — or the error's
 * answer; either with a `Server-Timing` header saying where the time went (see
 * {@link serverTiming}).
 */
export async function runCommandResponse(request: Request, command: RunCommand, status: number): Promise<Response> {
  const { step_inputs } = parseQuery(request.url, runReadQuery, ["step_inputs"]);
  const reply = await engineHost().command(step_inputs === undefined ? command : { ...command, stepInputs: step_inputs });
  const timing = serverTiming(reply);
  if (!reply.ok) {
    const response = errorAnswerResponse(reply.error);
    response.headers.set("server-timing", timing);
    return response;
  }
  return new Response(reply.json, { status, headers: { "content-type": "application/json", "server-timing": timing } });
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
