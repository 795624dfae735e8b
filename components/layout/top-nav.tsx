import Link from "next/link";
import { Icon, ICONS } from "@/components/ui/icon";
import { ApprovalsNavLink } from "@/components/approvals/approvals-badge";

/** The app's top bar: product name and the main sections. */
export function TopNav() {
  return (
    <header className="flex h-12 shrink-0 items-center gap-6 border-b border-slate-800 bg-slate-900 px-4 text-sm text-slate-300">
      <Link href="/" className="flex items-center gap-2 font-semibold text-white">
        <span className="flex size-6 items-center justify-center rounded-md bg-brand-500 text-white">
          <Icon d={ICONS.workflow} className="size-3.5" />
        </span>
        Switchyard
      </Link>
      <nav className="flex items-center gap-4">
        <Link href="/" className="hover:text-white" data-testid="nav-workflows">
          Workflows
        </Link>
        <Link href="/runs" className="hover:text-white" data-testid="nav-runs">
          Runs
        </Link>
        <ApprovalsNavLink />
        <Link href="/spend" className="hover:text-white" data-testid="nav-spend">
          Spend
        </Link>
        <Link href="/audit" className="hover:text-white" data-testid="nav-audit">
          Audit
        </Link>
        <Link href="/settings" className="hover:text-white" data-testid="nav-settings">
          Settings
        </Link>
      </nav>
    </header>
  );
}
