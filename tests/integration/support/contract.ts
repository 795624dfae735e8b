/**
 * Every answer and stream event the integration suite receives is checked against the
 * schema its route declares (lib/http/openapi.ts `answer` / `events`), strictly: a missing,
 * extra or mistyped field fails the test that made the call, not a client later.
 */
import type { z } from "zod";
import { OPERATIONS, type Operation } from "@/lib/http/openapi";
import { pageOf } from "@/lib/services/run-answers";

const ROUTES = OPERATIONS.map((op) => ({ op, pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, "[^/]+")}$`) }));

const checked = { answers: 0, events: 0 };
const checkedOps = new Set<string>();

/** How many answers and events were checked so far in this file. */
export const checkedCounts = () => ({ ...checked });

/** `method path` of each operation (`get /api/runs/{id}`) whose answer was checked so far in this file. */
export const checkedOperations = (): ReadonlySet<string> => new Set(checkedOps);

export function operationFor(method: string, url: string): Operation | undefined {
  const path = new URL(url, "http://localhost").pathname;
  return ROUTES.find((r) => r.op.method === method.toLowerCase() && r.pattern.test(path))?.op;
}

function failure(what: string, error: z.ZodError): Error {
  const issues = error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
  return new Error(`${what} does not match its schema: ${issues}`);
}

/** Throws when a 2xx answer of a route with an answer schema does not match it. */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  if (status < 200 || status > 299) return;
  const op = operationFor(method, url);
  if (!op?.answer) return;
  const result = (op.paged ? pageOf(op.answer) : op.answer).safeParse(body);
  checked.answers += 1;
  checkedOps.add(`${op.method} ${op.path}`);
  if (!result.success) throw failure(`${method} ${url} (${status})`, result.error);
}

/** Throws when an event of a stream with event schemas does not match its event's schema. */
export function checkEvent(url: string, event: string, data: unknown): void {
  const op = operationFor("get", url);
  if (!op?.events) return;
  const schema = op.events[event];
  if (!schema) throw new Error(`${url} sent an event \`${event}\` its route does not declare`);
  const result = schema.safeParse(data);
  checked.events += 1;
  if (!result.success) throw failure(`event ${event} of ${url}`, result.error);
}
