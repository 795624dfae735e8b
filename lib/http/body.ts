import type { z } from "zod";
import { ApiError } from "./errors";
import { storableIssue } from "@/engine/run/storable";
import { issuesOf } from "./zod-issues";

/** Default request body limit (SPEC §10): 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

export interface BodyOptions {
  maxBytes?: number;
  /** Treat an empty body as this value instead of refusing it (e.g. `{}` for optional bodies). */
  emptyAs?: unknown;
}

/**
 * Reads the body as a stream and stops as soon as it passes `maxBytes`, so an oversized
 * upload is refused (413) without ever being buffered whole. The bytes exactly as sent
 * (a webhook's signature covers them).
 */
export async function readBodyBytes(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** {@link readBodyBytes} decoded as UTF-8. */
export async function readBodyText(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  return decodeBody(await readBodyBytes(request, maxBytes));
}

function decodeBody(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

/**
 * Parses a JSON body against a zod schema. Not sent as JSON → 415; malformed JSON → 400 `invalid_json`; a shape
 * mismatch, nesting too deep or a `__proto__` key (engine/run/storable.ts) → 400 `invalid_body`
 * with `details.issues` naming each path; over the limit → 413.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, options: BodyOptions = {}): Promise<z.infer<S>> {
  return parseJsonBytes(request, await readBodyBytes(request, options.maxBytes ?? DEFAULT_MAX_BODY_BYTES), schema, options);
}

/** {@link parseJsonBody} for a body already read (a webhook reads it to check its signature first). */
export function parseJsonBytes<S extends z.ZodType>(request: Request, bytes: Uint8Array, schema: S, options: Pick<BodyOptions, "emptyAs"> = {}): z.infer<S> {
  const text = decodeBody(bytes);
  if (text.trim() !== "") requireJsonType(request);
  let value: unknown;
  if (text.trim() === "" && options.emptyAs !== undefined) {
    value = options.emptyAs;
  } else {
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new ApiError("invalid_json", `the request body is not valid JSON: ${(err as Error).message}`);
    }
  }
  const shape = storableIssue(value, { refuseProtoKey: true });
  if (shape) throw new ApiError("invalid_body", undefined, { issues: [{ path: shape.path.join("."), message: shape.message }] });
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError("invalid_body", undefined, { issues: issuesOf(parsed.error) });
  return parsed.data;
}

/**
 * A body is taken only as `application/json` (or a `+json` type): a cross-site HTML form can
 * send `text/plain` without a CORS preflight, so a JSON parser that ignored the type would
 * let another site's page write here.
 */
export function requireJsonType(request: Request): void {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return;
  throw new ApiError("unsupported_media_type", `a request body must be sent as \`Content-Type: application/json\`${type ? ` (this one is ${type})` : " (this one has no Content-Type)"}`);
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("payload_too_large", `the request body is larger than ${maxBytes} bytes`, { max_bytes: maxBytes });
}
