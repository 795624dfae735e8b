import { describe, expect, it } from "vitest";
import { renderDeep } from "./render-deep";
import { renderTemplate } from "./render-template";

const keepSecrets = { keep: (field: string) => field === "secrets" || field.startsWith("secrets.") || field.startsWith("secrets[") };

describe("renderTemplate with `keep`", () => {
  it("leaves kept placeholders verbatim and renders the others in the same string", () => {
    const out = renderTemplate("Bearer {secrets.TOKEN} for {user}", { user: "ada", secrets: { TOKEN: "shadow" } }, keepSecrets);
    expect(out).toBe("Bearer {secrets.TOKEN} for ada");
  });

  it("a state key named like the kept root cannot shadow it", () => {
    expect(renderTemplate("{secrets.TOKEN}", { secrets: { TOKEN: "from-state" } }, keepSecrets)).toBe("{secrets.TOKEN}");
  });

  it("escapes braces of substituted values, so a later pass never resolves what state smuggled in", () => {
    const first = renderTemplate("{target}/{secrets.K}", { target: "https://x/{secrets.K}" }, keepSecrets);
    expect(first).toBe("https://x/{{secrets.K}}/{secrets.K}");
    expect(renderTemplate(first, { secrets: { K: "v" } })).toBe("https://x/{secrets.K}/v");
  });

  it("keeps escaped braces escaped so the second pass sees the same literal text", () => {
    const first = renderTemplate('{{"a": {n}}} {secrets.K}', { n: 1 }, keepSecrets);
    expect(first).toBe('{{"a": 1}} {secrets.K}');
    expect(renderTemplate(first, { secrets: { K: "v" } })).toBe('{"a": 1} v');
  });

  it("still leaves the whole string unchanged when another placeholder is missing", () => {
    expect(renderTemplate("{missing} {secrets.K}", {}, keepSecrets)).toBe("{missing} {secrets.K}");
  });

  it("without `keep` nothing changes: state wins and braces collapse", () => {
    expect(renderTemplate("{secrets.K} {{x}}", { secrets: { K: "s" } })).toBe("s {x}");
  });
});

describe("renderDeep with `keep`", () => {
  it("passes the option to every string leaf", () => {
    const out = renderDeep({ url: "https://h/{id}", headers: { authorization: "Bearer {secrets.T}" }, body: ["{id}", "{secrets.T}"] }, { id: 7 }, keepSecrets);
    expect(out).toEqual({ url: "https://h/7", headers: { authorization: "Bearer {secrets.T}" }, body: ["7", "{secrets.T}"] });
  });
});
