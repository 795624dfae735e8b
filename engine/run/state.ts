/**
 * Run state helpers (SPEC §4): seeding from the trigger input, and the public view.
 */
import type { State } from "../ports/world";

/** Keys starting with this are internal: invisible to templates, expressions and clients. */
export const INTERNAL_PREFIX = "__";

export function isInternalKey(key: string): boolean {
  return key.startsWith(INTERNAL_PREFIX);
}

/** Key of a loop node's internal iteration counter. */
export function loopCounterKey(nodeId: string): string {
  return `${INTERNAL_PREFIX}loop_${nodeId}`;
}

/**
 * The initial state: the whole input under `input`, and each top-level key of it spread
 * alongside. Internal-looking keys of the input are not spread (a client cannot forge
 * engine bookkeeping), they stay reachable as `input.__x` only.
 */
export function seedState(input: Record<string, unknown>): State {
  const state: State = {};
  for (const [key, value] of Object.entries(input)) {
    if (!isInternalKey(key)) state[key] = value;
  }
  state.input = input;
  return state;
}

/** A copy of the state without internal keys (top level; values are shared, not cloned). */
export function publicState(state: State): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(state)) {
    if (!isInternalKey(key)) out[key] = state[key];
  }
  return out;
}
