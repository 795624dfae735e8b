/** The field types every answer schema (./*-answers.ts) is made of: times, money, counts. */
import { z } from "zod";

export const iso = z.string().describe("ISO 8601 time");
export const usd = z.number().describe("US dollars");
export const count = z.number().int();
/** Any JSON value (inputs, outputs, state). */
export const json = z.unknown();
