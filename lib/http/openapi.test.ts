import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { OPERATIONS, openApiDocument } from "./openapi";

const API_DIR = path.join(process.cwd(), "app/api");

/** `method path` of every handler exported by a route file under app/api, in OpenAPI path form. */
function routeHandlers(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const route = "/" + path.relative(path.join(process.cwd(), "app"), dir).split(path.sep).map((part) => part.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
        const source = readFileSync(full, "utf8");
        for (const m of source.matchAll(/^export (?:const|(?:async )?function) (GET|POST|PUT|PATCH|DELETE)\b/gm)) found.push(`${m[1].toLowerCase()} ${route}`);
      }
    }
  };
  walk(API_DIR);
  return found.sort();
}

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[]; requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, unknown> }>> };

describe("the OpenAPI document", () => {
  const doc = openApiDocument() as unknown as Doc;

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists every route handler under app/api, and nothing else", () => {
    const handlers = routeHandlers();
    expect(handlers.length).toBeGreaterThan(30);
    expect(OPERATIONS.map((op) => `${op.method} ${op.path}`).sort()).toEqual(handlers);
    expect(Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`)).sort()).toEqual(handlers);
  });

  it("describes every path parameter, and every reference resolves inside the document", () => {
    for (const [p, methods] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(methods)) {
        const inPath = (op.parameters ?? []).filter((param) => param.in === "path");
        expect(inPath.map((param) => param.name), p).toEqual(names);
        for (const param of inPath) expect(param.schema, `${p} ${param.name}`).toBeDefined();
      }
    }
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]);
    for (const ref of refs) {
      const target = ref.split("/").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("takes request bodies and query strings from the routes' zod schemas", () => {
    const trigger = doc.paths["/api/workflows/{id}/runs"].post;
    const body = trigger.requestBody!;
    expect(body.required).toBe(false); // an empty body triggers with no input
    const schema = body.content["application/json"].schema as { properties: Record<string, { properties?: Record<string, unknown>; additionalProperties?: unknown }> };
    expect(Object.keys(schema.properties)).toEqual(["input", "options"]);
    expect(Object.keys(schema.properties.options.properties ?? {})).toContain("max_parallel_nodes");
    expect(schema.properties.options.additionalProperties).toBe(false); // `.strict()`: unknown options are refused
    // Query strings as a client writes them: `wait` is digits, not the number it becomes.
    expect(trigger.parameters?.find((param) => param.name === "wait")).toMatchObject({ in: "query", required: false, schema: { type: "string", pattern: "^[0-9]{1,6}$" } });

    const save = doc.paths["/api/workflows/{id}"].put.requestBody!;
    expect(save.required).toBe(true);
    const saveSchema = save.content["application/json"].schema as { required: string[]; properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(saveSchema.required).toEqual(["base_version"]);
    expect(Object.keys(saveSchema.properties.graph.properties ?? {})).toEqual(expect.arrayContaining(["nodes", "edges"]));

    const list = doc.paths["/api/runs"].get.parameters?.map((param) => param.name);
    expect(list).toEqual(["status", "workflow_id", "triggered_by", "limit", "cursor"]);
    const status = doc.paths["/api/runs"].get.parameters?.[0].schema as { enum: string[] };
    expect(status.enum).toEqual(["pending", "running", "paused", "completed", "failed"]);
    expect(doc.paths["/api/audit"].get.parameters?.map((param) => param.name)).toEqual(["action", "target_type", "target_id", "actor_id", "limit", "cursor"]);
  });

  it("names the errors each operation can answer with, by status", () => {
    const save = doc.paths["/api/workflows/{id}"].put.responses;
    expect(Object.keys(save)).toEqual(expect.arrayContaining(["200", "400", "404", "409", "413"]));
    expect(JSON.stringify(save["409"])).toContain("version_conflict");
    expect(Object.keys(doc.paths["/api/health"].get.responses)).toEqual(["200"]);
  });
});
