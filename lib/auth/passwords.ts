/** Password rules for every account (better-auth enforces the same bounds at sign-in). */
import { z } from "zod";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `a password has at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `a password has at most ${PASSWORD_MAX} characters`);
