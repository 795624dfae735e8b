/**
 * Names every JavaScript object answers to (`toString`, `constructor`, `__proto__` …). Ids
 * and field names key plain objects throughout the engine and the editor; one of these
 * reads the prototype's member instead of a missing entry (a node `toString` got the
 * idempotency key `…:toString:function toString() { [native code] }1`).
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True for a name every JavaScript object already has (see {@link PROTOTYPE_NAMES}). */
export const isPrototypeName = (name: string): boolean => PROTOTYPE_NAMES.has(name);

export const PROTOTYPE_NAME_MESSAGE = "is a name every JavaScript object already has (toString, constructor …); choose another";
