import { describe, expect, it } from "vitest";
import { redirectHop } from "./redirects";

const hop = (url: string, headers: Record<string, string>) => ({ method: "POST", url: new URL(url), headers, body: Buffer.from("{}") });

describe("redirectHop", () => {
  const headers = { Authorization: "Bearer s3cret", "X-Api-Key": "k3y", Accept: "application/json", "Content-Type": "application/json", "Idempotency-Key": "r:n:1" };

  it("keeps every header on a same-origin redirect", () => {
    const next = redirectHop(hop("http://api.example.com/a", headers), 307, "/b");
    expect(next?.headers).toEqual(headers);
    expect(next?.method).toBe("POST");
  });

  it("drops every header that could carry a credential when the origin changes", () => {
    const next = redirectHop(hop("http://api.example.com/a", headers), 307, "http://other.example.com/b");
    expect(next?.headers).toEqual({ Accept: "application/json", "Content-Type": "application/json", "Idempotency-Key": "r:n:1" });
  });

  it("a port change is another origin", () => {
    const next = redirectHop(hop("http://127.0.0.1:8080/a", headers), 302, "http://127.0.0.1:9090/b");
    expect(next?.headers).toEqual({ Accept: "application/json", "Idempotency-Key": "r:n:1" });
    expect(next?.method).toBe("GET");
    expect(next?.body).toBeUndefined();
  });
});
