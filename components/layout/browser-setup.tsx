"use client";
import { z } from "zod";

// zod compiles object parsers with `new Function` where it may; the pages' Content Security
// Policy allows no eval, and zod's probe for it is reported as a violation even though it
// falls back. In the browser it parses without compiling.
z.config({ jitless: true });

/** Rendered once by the root layout, so the setting above runs before any page parses. */
export function BrowserSetup() {
  return null;
}
