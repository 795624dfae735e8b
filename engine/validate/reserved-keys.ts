import { isForbiddenKey, isInternalKey } from "../template/plain-object";

/**
 * A state key no template or expression can read: internal (`__…`, where the engine keeps
 * loop counters and approvals) or a prototype name. A node writing one would lose its result
 * (`__proto__`) or clobber the engine's own keys.
 */
export const isReservedKey = (key: string): boolean => isInternalKey(key) || isForbiddenKey(key);
