import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { newProcessId, ownerIsDead } from "./process-id";

describe("process ids", () => {
  it("names host and pid and differs per call", () => {
    const id = newProcessId();
    expect(id.startsWith(`${os.hostname()}:${process.pid}:`)).toBe(true);
    expect(newProcessId()).not.toBe(id);
  });

  it("knows a finished process on this host is dead", () => {
    const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const pid = Number(child.stdout.trim());
    expect(ownerIsDead(`${os.hostname()}:${pid}:abcd`)).toBe(true);
  });

  it("never declares a live, foreign-host or unparsable owner dead", () => {
    expect(ownerIsDead(`${os.hostname()}:${process.ppid}:abcd`)).toBe(false);
    expect(ownerIsDead("other-host:1:abcd")).toBe(false);
    expect(ownerIsDead("garbage")).toBe(false);
    const self = newProcessId();
    expect(ownerIsDead(self, self)).toBe(false);
  });

  it("treats an earlier incarnation with this pid as dead", () => {
    expect(ownerIsDead(`${os.hostname()}:${process.pid}:old`, `${os.hostname()}:${process.pid}:new`)).toBe(true);
  });
});
