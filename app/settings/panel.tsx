import type { ReactNode } from "react";

/** One section of the settings page: a card with a heading, an optional intro and its content. */
export function Panel({ title, intro, testId, action, children }: { title: string; intro?: ReactNode; testId: string; action?: ReactNode; children: ReactNode }) {
  const headingId = `${testId}-heading`;
  return (
    <section className="mb-6 rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200" data-testid={testId} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">{title}</h2>
          {intro && <p className="text-sm text-slate-500">{intro}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A failed request, above the list it concerns. */
export function PanelError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
