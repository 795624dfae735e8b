import type { ReactNode } from "react";
import { Icon, ICONS } from "@/components/ui/icon";

/** The frame of the sign-in and owner setup pages: the product mark, a title and the form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-full items-start justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center gap-2 font-semibold text-slate-900">
          <span className="flex size-7 items-center justify-center rounded-md bg-brand-500 text-white">
            <Icon d={ICONS.workflow} className="size-4" />
          </span>
          Switchyard
        </div>
        <div className="rounded-lg bg-panel p-6 shadow-sm ring-1 ring-slate-200">
          <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
          {intro && <div className="mt-1 text-sm text-slate-600">{intro}</div>}
          <div className="mt-5">{children}</div>
        </div>
      </div>
    </div>
  );
}
