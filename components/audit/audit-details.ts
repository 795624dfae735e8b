/** An audit row's details as a person reads them: `key value` pairs, nested values as short JSON. */
export function describeDetails(details: unknown): string {
  if (details === null || typeof details !== "object" || Array.isArray(details)) return details === undefined ? "" : JSON.stringify(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key.replace(/_/g, " ")} ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}
