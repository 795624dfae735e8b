/**
 * Reads a response body into memory, refusing more than the configured number of
 * bytes so a hostile or broken server cannot exhaust the worker's memory.
 */
import type { IncomingMessage } from "node:http";
import { NodeError } from "../../errors";

function tooLarge(limit: number): NodeError {
  return new NodeError("tool_error", `http_request response is larger than ${limit} bytes`, { retryable: false });
}

/** Collect the body of `res`; aborting `signal` destroys the connection. */
export function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (err: unknown, value?: Buffer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (err) {
        res.destroy();
        reject(err);
      } else resolve(value as Buffer);
    };
    const onAbort = () => finish(signal.reason);
    if (signal.aborted) return finish(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });

    const declared = Number(res.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) return finish(tooLarge(maxBytes));
    res.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return finish(tooLarge(maxBytes));
      chunks.push(chunk);
    });
    res.on("end", () => finish(null, Buffer.concat(chunks)));
    res.on("error", (err) => finish(new NodeError("tool_error", `http_request response broke off: ${err.message}`, { retryable: true, cause: err })));
    res.on("close", () => {
      if (!res.complete) finish(new NodeError("tool_error", "http_request response broke off before its end", { retryable: true }));
    });
  });
}
