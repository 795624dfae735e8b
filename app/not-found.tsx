import Link from "next/link";

/** Any unknown page: says so in the app's own frame and offers the way back. */
export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center" data-testid="not-found">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">This page does not exist</h1>
      <p className="mt-2 text-sm text-slate-600">The link may be mistyped, or what it pointed to was deleted.</p>
      <div className="mt-6 flex gap-3">
        <Link href="/" className="inline-flex h-9 items-center rounded-md bg-accent px-3 text-sm font-medium text-white shadow-sm hover:bg-accent-strong">
          All workflows
        </Link>
        <Link href="/runs" className="inline-flex h-9 items-center rounded-md bg-panel px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
          Recent runs
        </Link>
      </div>
    </div>
  );
}
