"use client";
import Link from "next/link";
import { useCan } from "@/components/auth/session-context";

/** The audit trail is an admin's; other people do not see its link. */
export function AuditNavLink() {
  if (!useCan("admin")) return null;
  return (
    <Link href="/audit" className="hover:text-white" data-testid="nav-audit">
      Audit
    </Link>
  );
}
