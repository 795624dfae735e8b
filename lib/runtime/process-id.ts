/**
 * Who this process is, as written in `runs.lease_owner`: `<host>:<pid>:<random>`. The
 * random part tells a restarted process from its predecessor even when the pid repeats.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";

/** A fresh owner id for this process. */
export function newProcessId(): string {
  return `${processPrefix()}${randomBytes(4).toString("hex")}`;
}

/** What every owner id of this process starts with: `<host>:<pid>:`. */
export function processPrefix(): string {
  return `${os.hostname()}:${process.pid}:`;
}

/**
 * True only when `owner` names a process on this host that no longer exists: its lease
 * can be taken over at once instead of waiting for it to expire. Anything uncertain
 * (another host, a live or unreadable pid) answers false and the lease runs out normally.
 */
export function ownerIsDead(owner: string, self: string = ""): boolean {
  const parts = owner.split(":");
  if (parts.length < 3 || owner === self) return false;
  const pid = Number(parts[parts.length - 2]);
  const host = parts.slice(0, -2).join(":");
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}
