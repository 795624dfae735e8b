import { beforeEach, describe, expect, it } from "vitest";
import { NodeError } from "../../errors";
import { guardTarget as guard } from "./ssrf-guard";
import type { ResolvedAddress } from "./transport";

// The transport's resolver, answering from a queue: the guard resolves through it, once.
const answers = { queue: [] as ResolvedAddress[][], calls: 0 };
const resolve = async () => {
  answers.calls += 1;
  return answers.queue.shift() ?? [];
};
const guardTarget = (url: URL, allowed: Set<string>, signal: AbortSignal, own: ReadonlySet<number> = new Set()) => guard(url, allowed, signal, own, resolve);

const signal = () => new AbortController().signal;

beforeEach(() => {
  answers.queue = [];
  answers.calls = 0;
});

describe("guardTarget", () => {
  it("pins the connection to the address it checked, however DNS answers later", async () => {
    answers.queue.push([{ address: "93.184.216.34", family: 4 }], [{ address: "127.0.0.1", family: 4 }]);
    const target = await guardTarget(new URL("http://example.test/"), new Set(), signal());
    expect(target.pinned).toEqual({ address: "93.184.216.34", family: 4 });
    expect(answers.calls).toBe(1);
  });

  it("refuses a name when any of its addresses is private", async () => {
    answers.queue.push([
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:10.0.0.5", family: 6 },
    ]);
    const err = await guardTarget(new URL("https://example.test/"), new Set(), signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NodeError);
    expect((err as NodeError).message).toContain("example.test (::ffff:10.0.0.5)");
    expect((err as NodeError).retryable).toBe(false);
  });

  it("skips resolution for allow-listed hosts and IP literals", async () => {
    expect(await guardTarget(new URL("http://Internal.Example.test/"), new Set(["internal.example.test"]), signal())).toEqual({});
    expect(await guardTarget(new URL("http://93.184.216.34/"), new Set(), signal())).toEqual({});
    expect(answers.calls).toBe(0);
  });

  it("a name that does not resolve is a retryable failure", async () => {
    answers.queue.push([]);
    const err = (await guardTarget(new URL("http://example.test/"), new Set(), signal()).catch((e: unknown) => e)) as NodeError;
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/could not resolve/);
  });

  describe("this server's own port", () => {
    const own = new Set([3000]);
    const refusal = async (url: string, allowed: string[]) => {
      const err = await guardTarget(new URL(url), new Set(allowed), signal(), own).then(() => null, (e: unknown) => e);
      return err instanceof NodeError ? err.message : null;
    };

    it("is refused on this machine's addresses even when the host is allow-listed", async () => {
      expect(await refusal("http://127.0.0.1:3000/api/runs/x/approve", ["127.0.0.1"])).toMatch(/is this Switchyard server itself/);
      expect(await refusal("http://[::1]:3000/", ["::1"])).toMatch(/this Switchyard server itself/);
      expect(await refusal("http://0.0.0.0:3000/", ["0.0.0.0"])).toMatch(/this Switchyard server itself/);
      answers.queue.push([{ address: "127.0.0.1", family: 4 }]);
      expect(await refusal("http://localhost:3000/", ["localhost"])).toMatch(/"localhost:3000" in SWITCHYARD_ALLOWED_HOSTS/);
    });

    it("is allowed when the allow-list names exactly that host and port; other ports stay as the allow-list says", async () => {
      expect(await refusal("http://127.0.0.1:3000/", ["127.0.0.1:3000"])).toBeNull();
      expect(await refusal("http://127.0.0.1:3001/", ["127.0.0.1"])).toBeNull();
      expect(await refusal("http://127.0.0.1:3001/", [])).toMatch(/private, loopback or link-local/);
    });

    it("a public host on the same port is reached, pinned to the address checked", async () => {
      answers.queue.push([{ address: "93.184.216.34", family: 4 }]);
      const target = await guardTarget(new URL("http://example.test:3000/"), new Set(), signal(), own);
      expect(target.pinned).toEqual({ address: "93.184.216.34", family: 4 });
      expect(answers.calls).toBe(1);
    });
  });
});
