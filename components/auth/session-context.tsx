"use client";
/**
 * Who is signed in, for the pages: they show only what the person may do (no Approve for a
 * viewer, no Settings sections for a non-admin). The server decides either way; this only
 * keeps the pages from offering what would be refused.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { Permission } from "@/lib/auth/roles";
import type { MeAnswer as MeDto } from "@/lib/services/account-answers";

const SessionContext = createContext<MeDto | null>(null);

export function SessionProvider({ viewer, children }: { viewer: MeDto | null; children: ReactNode }) {
  return <SessionContext.Provider value={viewer}>{children}</SessionContext.Provider>;
}

/** The signed-in principal (null on the sign-in and setup pages). */
export function useViewer(): MeDto | null {
  return useContext(SessionContext);
}

/** Whether the signed-in principal's role holds `permission`. */
export function useCan(permission: Permission): boolean {
  return useViewer()?.permissions.includes(permission) ?? false;
}
