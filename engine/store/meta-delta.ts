/**
 * Delta encoding of the scheduler meta of a checkpoint. Its maps (`marks`) can grow with
 * the graph while only an entry or two change per node, and storing them whole after
 * every node would cost O(graph) per node. The meta is treated
 * generically: top-level plain objects are diffed entry by entry, everything else is
 * stored as is.
 */
import type { SchedulerMeta } from "../ports";
import { setOwn } from "./set-own";

type Json = Record<string, unknown>;

/** Changes to one top-level map of the meta. */
export interface MapDelta {
  set: Json;
  unset: string[];
}

/** The meta relative to the previous checkpoint's: plain values whole, maps as entry deltas. */
export interface MetaDelta {
  values: Json;
  maps: Record<string, MapDelta>;
}

const isPlainObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Json)[k], (b as Json)[k]));
}


/**
 * The delta from `previous` (a private copy of the last checkpoint's meta) to `next`, or
 * null when the shape changed (a top-level key appeared, vanished or changed kind) and the
 * meta must be stored whole.
 */
export function diffMeta(previous: SchedulerMeta, next: SchedulerMeta): MetaDelta | null {
  const prev = previous as unknown as Json;
  const cur = next as unknown as Json;
  const keys = Object.keys(cur);
  if (keys.length !== Object.keys(prev).length) return null;
  const delta: MetaDelta = { values: {}, maps: {} };
  for (const key of keys) {
    if (!Object.hasOwn(prev, key)) return null;
    const was = prev[key];
    const now = cur[key];
    if (isPlainObject(was) !== isPlainObject(now)) return null;
    if (!isPlainObject(now)) {
      if (!jsonEqual(was, now)) setOwn(delta.values, key, now);
      continue;
    }
    const map = diffMap(was as Json, now);
    if (map) setOwn(delta.maps, key, map);
  }
  return delta;
}

function diffMap(was: Json, now: Json): MapDelta | null {
  const delta: MapDelta = { set: {}, unset: [] };
  let kept = 0;
  for (const key of Object.keys(now)) {
    const present = Object.hasOwn(was, key);
    if (present) kept++;
    if (!present || !jsonEqual(was[key], now[key])) setOwn(delta.set, key, now[key]);
  }
  if (kept < Object.keys(was).length) {
    for (const key of Object.keys(was)) if (!Object.hasOwn(now, key)) delta.unset.push(key);
  }
  return delta.unset.length > 0 || Object.keys(delta.set).length > 0 ? delta : null;
}

/** Apply a (parsed, therefore private) delta to a meta object in place. */
export function applyMetaDelta(target: SchedulerMeta, delta: MetaDelta): void {
  const meta = target as unknown as Json;
  for (const key of Object.keys(delta.values)) setOwn(meta, key, delta.values[key]);
  for (const key of Object.keys(delta.maps)) {
    const map = meta[key] as Json;
    const change = delta.maps[key];
    for (const entry of Object.keys(change.set)) setOwn(map, entry, change.set[entry]);
    for (const entry of change.unset) delete map[entry];
  }
}
