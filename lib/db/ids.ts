import { randomBytes } from "node:crypto";

const ID_BYTES = 12;
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** A new random url-safe id (16 characters, 96 bits): unguessable and safe in a path. */
export function newId(): string {
  // One call into the CSPRNG per 256 ids: a call per id showed in the trigger path's profile.
  if (offset >= pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    offset = 0;
  }
  const id = pool.toString("base64url", offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
