"use client";
import Link from "next/link";
import { useApprovals } from "./use-approvals";

/**
 * The navigation's link to the inbox, with how many gates the signed-in person may approve
 * now: re-read every few seconds, and at once when they decide one anywhere in the app.
 */
export function ApprovalsNavLink() {
  const { items } = useApprovals(5000);
  const count = items?.length ?? 0;
  return (
    <Link href="/approvals" className="inline-flex items-center gap-1.5 hover:text-white" data-testid="nav-approvals">
      Approvals
      {count > 0 && (
        <span className="min-w-5 rounded-full bg-amber-500 px-1.5 text-center text-[11px] leading-5 font-semibold text-bar" data-testid="approvals-count">
          {count}
        </span>
      )}
    </Link>
  );
}
