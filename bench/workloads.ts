import { readFileSync } from "node:fs";
import path from "node:path";

/** A graph from bench/workloads by name (`chain_10`), as the caller will use it. */
export function loadWorkload<T = { nodes: unknown[] }>(name: string): T {
  return JSON.parse(readFileSync(path.join(process.cwd(), "bench/workloads", `${name}.json`), "utf8")) as T;
}
