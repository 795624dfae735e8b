import { describe, expect, it } from "vitest";
import { processRole, workerConcurrency } from "./role";

describe("process role and concurrency", () => {
  it("reads SWITCHYARD_ROLE, all by default, and refuses anything else by name", () => {
    expect(processRole({})).toBe("all");
    expect(processRole({ SWITCHYARD_ROLE: " Worker " })).toBe("worker");
    expect(processRole({ SWITCHYARD_ROLE: "web" })).toBe("web");
    expect(() => processRole({ SWITCHYARD_ROLE: "api" })).toThrow(/SWITCHYARD_ROLE must be one of all, web, worker \(got "api"\)/);
  });

  it("reads SWITCHYARD_WORKER_CONCURRENCY as a whole number of at least 1; unset is no bound", () => {
    expect(workerConcurrency({})).toBe(Number.POSITIVE_INFINITY);
    expect(workerConcurrency({ SWITCHYARD_WORKER_CONCURRENCY: "8" })).toBe(8);
    for (const bad of ["0", "-2", "1.5", "lots"]) expect(() => workerConcurrency({ SWITCHYARD_WORKER_CONCURRENCY: bad })).toThrow(/at least 1/);
  });
});
