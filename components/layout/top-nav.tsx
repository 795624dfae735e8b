import Link from "next/link";
import { Icon, ICONS } from "@/components/ui/icon";
import { ApprovalsNavLink } from "@/components/approvals/approvals-badge";
import { UserMenu } from "@/components/auth/user-menu";
import { AuditNavLink } from "./admin-nav-links";
import type { Theme } from "./theme";
import { SectionNav } from "./section-nav";
import { ThemeToggle } from "./theme-toggle";

/**
 * The app's top bar: product name, the main sections (on a phone the mark alone, and the
 * sections behind a Menu button), the theme, who is signed in. Dark in both themes (the fixed `bar` colours).
 */
export function TopNav({ theme }: { theme: Theme }) {
  return (
    <header className="relative flex h-12 shrink-0 items-center gap-4 border-b border-bar-raised bg-bar px-4 text-sm text-bar-text">
      <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold text-white" aria-label="Switchyard">
        <span className="flex size-6 items-center justify-center rounded-md bg-brand-500 text-white">
          <Icon d={ICONS.workflow} className="size-3.5" />
        </span>
        <span className="hidden sm:inline">Switchyard</span>
      </Link>
      {/* On a phone the sections open from a Menu button under the bar. */}
      <SectionNav>
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
        <AuditNavLink />
        <Link href="/settings" className="hover:text-white" data-testid="nav-settings">
          Settings
        </Link>
      </SectionNav>
      <div className="ml-auto flex shrink-0 items-center gap-2 pl-2">
        <ThemeToggle initial={theme} />
        <UserMenu />
      </div>
    </header>
  );
}
