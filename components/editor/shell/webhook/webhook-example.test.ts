import { execFileSync, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { curlExample } from "./webhook-example";

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

describe("the webhook's curl example", () => {
  it("names the URL, the headers and the secret when known", () => {
    const text = curlExample({ url: "http://127.0.0.1:3000/api/hooks/hk_1", secret: "whsec_abc" });
    expect(text).toContain("export SWITCHYARD_HOOK_SECRET='whsec_abc'");
    expect(text).toContain("curl -X POST 'http://127.0.0.1:3000/api/hooks/hk_1?wait=30000'");
    expect(text).toContain("X-Switchyard-Timestamp: $ts");
    expect(text).toContain("X-Switchyard-Signature: sha256=$sig");
    expect(curlExample({ url: "http://x/api/hooks/hk_1" })).toContain("'whsec_…'");
  });

  it.skipIf(!hasOpenssl)("signs as the server checks: its openssl line gives the HMAC-SHA256 of `<ts>.<body>`", () => {
    const lines = curlExample({ url: "http://x/api/hooks/hk_1", secret: "whsec_abc" }).split("\n");
    const script = [lines[0], lines[1], "ts=1800000000", lines[3], 'printf %s "$sig"'].join("\n");
    const sig = execFileSync("bash", ["-c", script], { encoding: "utf8" });
    expect(sig).toBe(createHmac("sha256", "whsec_abc").update('1800000000.{"ticket": "T-1"}').digest("hex"));
  });
});
