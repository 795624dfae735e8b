/**
 * `{secrets.NAME}` placeholders (SPEC §12): where they may appear and how they are
 * recognised. They resolve only inside `http_request`'s url, headers and body, after
 * state templating, so a state key named `secrets` can never stand in for them.
 */
import { parseField, templatePlaceholders } from "../template";

/** The placeholder root that names the secret store rather than state. */
export const SECRETS_ROOT = "secrets";

/** Secret names: upper case, digits and underscores, starting with a letter. */
export const SECRET_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The only tool whose params may carry secrets, and the params that may. */
export const SECRET_TOOL = "http_request";
export const SECRET_PARAMS: readonly string[] = ["url", "headers", "body"];

/** True for any placeholder rooted at `secrets` (well-formed or not): state must never render it. */
export function isSecretField(field: string): boolean {
  return parseField(field)?.root === SECRETS_ROOT;
}

/** `secrets.NAME` → `NAME`; null when the field is not exactly one valid secret name. */
export function secretNameOf(field: string): string | null {
  const path = parseField(field);
  if (path?.root !== SECRETS_ROOT || path.steps.length !== 1) return null;
  const step = path.steps[0];
  const name = step.kind === "attr" ? step.name : typeof step.key === "string" ? step.key : null;
  return name !== null && SECRET_NAME_PATTERN.test(name) ? name : null;
}

/** One `{secrets…}` placeholder found in a structure, with where it sits. */
export interface SecretRef {
  field: string;
  /** null when the field is not a valid `secrets.NAME`. */
  name: string | null;
  path: (string | number)[];
}

/** Every secret placeholder in the string leaves of `value`, in document order. */
export function secretRefsIn(value: unknown, path: (string | number)[] = []): SecretRef[] {
  if (typeof value === "string") {
    if (!value.includes("{")) return [];
    return templatePlaceholders(value)
      .filter(isSecretField)
      .map((field) => ({ field, name: secretNameOf(field), path }));
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => secretRefsIn(item, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => secretRefsIn(item, [...path, key]));
  }
  return [];
}
