import { describe, expect, it } from "vitest";
import { z } from "zod";
import { builtinTools, createToolRegistry, defaultToolRegistry, describeToolParams } from "./registry";
import type { ToolDefinition } from "./types";

const echo: ToolDefinition = { name: "echo", description: "", params: z.unknown(), run: async (p) => p };

describe("tool registry", () => {
  it("looks tools up by name and lists the built-ins", () => {
    const registry = defaultToolRegistry();
    expect(registry.list().map((t) => t.name)).toEqual(["set", "delay", "json_parse", "http_request"]);
    expect(registry.get("http_request")?.name).toBe("http_request");
    expect(registry.get("nope")).toBeUndefined();
  });

  it("takes custom tools next to the built-ins", () => {
    const registry = createToolRegistry([...builtinTools(), echo]);
    expect(registry.get("echo")).toBe(echo);
  });

  it("refuses duplicate names", () => {
    expect(() => createToolRegistry([echo, { ...echo }])).toThrow(/duplicate tool name: echo/);
    expect(() => createToolRegistry([...builtinTools(), { ...echo, name: "set" }])).toThrow(/set/);
  });
});

describe("describeToolParams", () => {
  it("flattens http_request's params for a form", () => {
    const tool = defaultToolRegistry().get("http_request");
    expect(tool).toBeDefined();
    const fields = describeToolParams(tool as ToolDefinition);
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["method", "enum", true],
      ["url", "string", true],
      ["headers", "object", false],
      ["body", "unknown", false],
      ["timeout_ms", "number", false],
      ["allow_error_status", "boolean", false],
    ]);
    expect(fields[0].options).toEqual(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]);
    expect(fields[1].description).toMatch(/http/);
  });

  it("describes the other built-ins", () => {
    const registry = defaultToolRegistry();
    const get = (name: string) => registry.get(name) as ToolDefinition;
    expect(describeToolParams(get("delay"))).toEqual([expect.objectContaining({ name: "ms", type: "number", required: true })]);
    expect(describeToolParams(get("json_parse"))).toEqual([expect.objectContaining({ name: "text", type: "string", required: true })]);
    expect(describeToolParams(get("set"))).toEqual([]);
  });

  it("handles arrays, nullable and defaulted fields", () => {
    const tool = { params: z.object({ tags: z.array(z.string()), note: z.string().nullable(), n: z.number().default(1) }) };
    expect(describeToolParams(tool)).toEqual([
      { name: "tags", type: "array", required: true },
      { name: "note", type: "string", required: true },
      { name: "n", type: "number", required: false },
    ]);
  });
});
