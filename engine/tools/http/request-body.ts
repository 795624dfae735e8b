/**
 * Encodes the `body` param: strings go as they are, anything else as JSON. A
 * content-type the user set is kept.
 */

/** True when `headers` has `name`, whatever its case. */
export function hasHeader(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

/** The bytes to send and the headers to send them with. `null`/`undefined` send no body. */
export function encodeBody(body: unknown, headers: Record<string, string>): { body?: Buffer; headers: Record<string, string> } {
  if (body === undefined || body === null) return { headers };
  const isText = typeof body === "string";
  const bytes = Buffer.from(isText ? body : JSON.stringify(body), "utf8");
  if (hasHeader(headers, "content-type")) return { body: bytes, headers };
  const contentType = isText ? "text/plain; charset=utf-8" : "application/json";
  return { body: bytes, headers: { ...headers, "content-type": contentType } };
}
