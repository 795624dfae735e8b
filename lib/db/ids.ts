import { randomBytes } from "node:crypto";

/** A new random url-safe id (16 characters, 96 bits): unguessable and safe in a path. */
export function newId(): string {
  return randomBytes(12).toString("base64url");
}
