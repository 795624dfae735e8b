import { describe, expect, it } from "vitest";
import { runStoreCommitMode } from "./index";

describe("SWITCHYARD_PG_SYNCHRONOUS_COMMIT", () => {
  it("is on, off, or the server's own setting when unset; anything else stops the start", () => {
    expect(runStoreCommitMode({})).toBeUndefined();
    expect(runStoreCommitMode({ SWITCHYARD_PG_SYNCHRONOUS_COMMIT: " OFF " })).toBe("off");
    expect(runStoreCommitMode({ SWITCHYARD_PG_SYNCHRONOUS_COMMIT: "on" })).toBe("on");
    expect(() => runStoreCommitMode({ SWITCHYARD_PG_SYNCHRONOUS_COMMIT: "local" })).toThrow('must be "on" or "off" (got "local")');
  });
});
