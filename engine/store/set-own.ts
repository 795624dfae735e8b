/**
 * Assign an own data property without ever touching a prototype: state and meta keys are
 * user data and may be spelled `__proto__`. Plain assignment is the fast path for the rest.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
