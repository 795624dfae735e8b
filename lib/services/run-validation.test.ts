import { describe, expect, it } from "vitest";
import { agent, graph, tool } from "@/engine/testing/harness";
import { checkedVersionAgainst } from "./run-validation";

/** The stored secrets' names, counting the reads. */
function secrets(...names: string[]) {
  const read = { count: 0 };
  return { read, names: () => ((read.count += 1), Promise.resolve(new Set(names))) };
}

const http = (headers: Record<string, string>) => tool("call", "http_request", { method: "GET", url: "https://api.example.com", headers });

describe("checkedVersionAgainst", () => {
  it("reads the secrets' names only for a graph that names a secret", async () => {
    const plain = graph([agent("a"), http({ accept: "application/json" })]);
    const stored = secrets("API_KEY");
    expect((await checkedVersionAgainst(plain, stored.names)).validation.errors).toEqual([]);
    expect(stored.read.count).toBe(0);

    const named = graph([http({ "x-api-key": "{secrets.API_KEY}" })]);
    expect((await checkedVersionAgainst(named, stored.names)).validation.errors).toEqual([]);
    expect(stored.read.count).toBe(1);
  });

  it("refuses a secret that is not stored, and again once it is gone", async () => {
    const named = graph([http({ "x-api-key": "{secrets.API_KEY}" })]);
    const codes = async (names: () => Promise<ReadonlySet<string>>) => (await checkedVersionAgainst(named, names)).validation.errors.map((e) => e.code);
    expect(await codes(secrets("OTHER").names)).toEqual(["unknown_secret"]);
    expect(await codes(secrets("API_KEY").names)).toEqual([]);
    expect(await codes(secrets().names)).toEqual(["unknown_secret"]);
  });

  it("reads the names for a secret named where it is not allowed, and refuses it", async () => {
    const misplaced = graph([agent("a", { user_message: "key {secrets.API_KEY}" })]);
    const stored = secrets("API_KEY");
    expect((await checkedVersionAgainst(misplaced, stored.names)).validation.errors.map((e) => e.code)).toEqual(["secret_outside_http"]);
    expect(stored.read.count).toBe(1);
  });
});
