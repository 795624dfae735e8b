import type { z } from "zod";

/** One zod issue as the API reports it: a dotted path (`nodes.0.type`) and a message. */
export interface IssueDto {
  path: string;
  message: string;
}

/** Flattens zod issues into named paths so a client can point at the offending field. */
export function issuesOf(error: z.ZodError, prefix: (string | number)[] = []): IssueDto[] {
  return error.issues.slice(0, 100).map((issue) => ({
    path: [...prefix, ...issue.path].map(String).join("."),
    message: issue.message,
  }));
}
