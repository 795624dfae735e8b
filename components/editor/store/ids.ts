/**
 * Readable, deterministic ids (`agent_1`, `e3`). Node ids double as default state keys
 * and appear in templates, so they should be short words, not random strings.
 */

/** The first `<prefix><n>` (n ≥ 1) not in `taken`; adds it to `taken` so a batch never repeats. */
export function uniqueId(prefix: string, taken: Set<string>): string {
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n++;
  const id = `${prefix}${n}`;
  taken.add(id);
  return id;
}
