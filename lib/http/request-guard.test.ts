import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { guardRequest, hostAllowed, hostnameOf } from "./request-guard";

const req = (method: string, headers: Record<string, string>) => new Request("http://127.0.0.1:3000/api/workflows", { method, headers });
const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? err.code : "other";
  }
  return null;
};

describe("host names", () => {
  it("reads the name out of a Host header", () => {
    expect(hostnameOf("127.0.0.1:3000")).toBe("127.0.0.1");
    expect(hostnameOf("LocalHost")).toBe("localhost");
    expect(hostnameOf("[::1]:3000")).toBe("::1");
    expect(hostnameOf("[fe80::1]")).toBe("fe80::1");
    expect(hostnameOf("switchyard.example.com:443")).toBe("switchyard.example.com");
  });

  it("answers IP addresses and localhost, and other names only when listed", () => {
    for (const name of ["127.0.0.1", "192.168.1.20", "::1", "localhost", "app.localhost"]) expect(hostAllowed(name, {}), name).toBe(true);
    expect(hostAllowed("evil.example", {})).toBe(false);
    expect(hostAllowed("localhost.evil.example", {})).toBe(false);
    expect(hostAllowed("127.0.0.1.nip.io", {})).toBe(false);
    const env = { SWITCHYARD_HOSTNAMES: " Switchyard.Example.com, other.internal. " };
    expect(hostAllowed("switchyard.example.com", env)).toBe(true);
    expect(hostAllowed("switchyard.example.com.", env)).toBe(true);
    expect(hostAllowed("other.internal", env)).toBe(true);
    expect(hostAllowed("evil.example", env)).toBe(false);
  });
});

describe("guardRequest", () => {
  it("refuses any method for a host name that is not this server's (DNS rebinding)", () => {
    expect(refusal(() => guardRequest(req("GET", { host: "evil.example:3000" }), {}))).toBe("forbidden_host");
    expect(refusal(() => guardRequest(req("POST", { host: "evil.example:3000", origin: "http://evil.example:3000" }), {}))).toBe("forbidden_host");
    expect(refusal(() => guardRequest(req("GET", { host: "evil.example:3000" }), { SWITCHYARD_HOSTNAMES: "evil.example" }))).toBeNull();
  });

  it("takes writes from this server's own pages and from clients that send no Origin", () => {
    expect(refusal(() => guardRequest(req("POST", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }), {}))).toBeNull();
    expect(refusal(() => guardRequest(req("DELETE", { host: "[::1]:3000", origin: "http://[::1]:3000" }), {}))).toBeNull();
    expect(refusal(() => guardRequest(req("POST", { host: "127.0.0.1:3000" }), {}))).toBeNull();
  });

  it("refuses writes from another origin, an opaque one, or a malformed one; reads are not writes", () => {
    for (const origin of ["http://evil.example", "http://127.0.0.1:3001", "https://127.0.0.1:3000.evil.example", "null", "not a url"]) {
      expect(refusal(() => guardRequest(req("POST", { host: "127.0.0.1:3000", origin }), {})), origin).toBe("cross_origin");
      expect(refusal(() => guardRequest(req("PUT", { host: "127.0.0.1:3000", origin }), {})), origin).toBe("cross_origin");
    }
    expect(refusal(() => guardRequest(req("GET", { host: "127.0.0.1:3000", origin: "http://evil.example" }), {}))).toBeNull();
  });

  it("compares the Origin's scheme too: an https page is not this http server's", () => {
    expect(refusal(() => guardRequest(req("POST", { host: "127.0.0.1:3000", origin: "https://127.0.0.1:3000" })))).toBe("cross_origin");
    expect(refusal(() => guardRequest(req("POST", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })))).toBeNull();
  });

  it("behind a proxy, compares the Origin with the name the proxy was asked for", () => {
    const env = { SWITCHYARD_HOSTNAMES: "switchyard.example.com" };
    const proxied = { host: "127.0.0.1:3000", "x-forwarded-host": "switchyard.example.com", "x-forwarded-proto": "https", origin: "https://switchyard.example.com" };
    expect(refusal(() => guardRequest(req("POST", proxied), env))).toBeNull();
    // The scheme is part of the origin: an http page of that name is another site.
    expect(refusal(() => guardRequest(req("POST", { ...proxied, origin: "http://switchyard.example.com" }), env))).toBe("cross_origin");
    expect(refusal(() => guardRequest(req("POST", { ...proxied, origin: "https://evil.example" }), env))).toBe("cross_origin");
  });
});
