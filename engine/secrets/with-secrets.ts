/**
 * Secrets at the last moment (SPEC §12): a tool's params arrive rendered against state
 * with `{secrets.NAME}` kept verbatim (the render `keep` option); here the values are
 * looked up, substituted in a second render, the call is made, and every value used is
 * redacted from the result and the error before they leave the node.
 */
import { NodeError, errorMessage } from "../errors";
import type { SecretResolver } from "../ports/world";
import { renderDeep, type RenderOptions } from "../template";
import { isSecretField, SECRET_PARAMS, SECRETS_ROOT, secretRefsIn } from "./placeholders";
import { redactSecrets, redactText } from "./redact";

/** The render option that keeps `{secrets…}` placeholders for {@link withSecrets}. */
export const KEEP_SECRETS: RenderOptions = { keep: isSecretField };

const refuse = (message: string) => new NodeError("tool_error", message, { retryable: false });

/** Names the params use, refusing placeholders outside url/headers/body and malformed ones. */
function secretNames(params: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (const ref of secretRefsIn(params)) {
    if (!SECRET_PARAMS.includes(String(ref.path[0]))) {
      throw refuse(`{${ref.field}} may only be used in the url, headers or body of http_request`);
    }
    if (ref.name === null) throw refuse(`{${ref.field}} is not a valid secret reference; write {secrets.NAME}`);
    names.add(ref.name);
  }
  return [...names];
}

/** `err` with the used values redacted; a NodeError keeps its code and retry advice, never its cause. */
export function redactError(err: unknown, used: Record<string, string>): NodeError {
  if (err instanceof NodeError) {
    return new NodeError(err.code, redactText(err.message, used), { retryable: err.retryable, retryAfterMs: err.retryAfterMs, minRetries: err.minRetries });
  }
  return new NodeError("node_failed", redactText(errorMessage(err), used), { retryable: true });
}

/**
 * Resolves the secrets `params` use, calls `call` with the final params, and redacts.
 * `params` must have been rendered with {@link KEEP_SECRETS}: every string is still a
 * template, so the second render also restores escaped braces.
 */
export async function withSecrets<R>(
  params: Record<string, unknown>,
  resolver: SecretResolver | undefined,
  call: (params: Record<string, unknown>) => Promise<R>,
): Promise<R> {
  const names = secretNames(params);
  if (names.length > 0 && !resolver) throw refuse("secrets are not available in this engine");
  const used = names.length > 0 && resolver ? await resolver.resolve(names) : {};
  const values: Record<string, string> = {};
  for (const name of names) {
    if (typeof used[name] !== "string") throw refuse(`unknown secret '${name}'`);
    values[name] = used[name];
  }
  const final: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    final[key] = renderDeep(value, SECRET_PARAMS.includes(key) ? { [SECRETS_ROOT]: values } : {});
  }
  try {
    return redactSecrets(await call(final), values);
  } catch (err) {
    throw redactError(err, values);
  }
}
