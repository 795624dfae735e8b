/** The kinds of actor as a person reads them, beside the name. */
const KIND: Record<string, string> = { user: "person", api_key: "API key", webhook: "webhook", system: "Switchyard" };

/** Who acted: the name it had then, and what kind of actor it is (a person, an API key, a webhook). */
export function ActorLabel({ name, type, id, testId }: { name: string | null; type: string | null; id: string; testId?: string }) {
  const kind = type ? (KIND[type] ?? type) : null;
  return (
    <span className="inline-flex min-w-0 items-baseline gap-1.5" title={`${name ?? id}${kind ? ` (${kind})` : ""} · ${id}`} data-testid={testId} data-actor-type={type ?? undefined}>
      <span className="truncate">{name ?? id}</span>
      {kind && type !== "system" && <span className="shrink-0 rounded bg-slate-100 px-1 text-[10px] font-medium text-slate-600">{kind}</span>}
    </span>
  );
}
