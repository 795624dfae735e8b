import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { safeNext } from "@/components/auth/safe-next";
import { SignInForm } from "@/components/auth/sign-in-form";
import { pageViewer } from "@/lib/auth/page-session";
import { hasUsers } from "@/lib/services/users";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const raw = (await searchParams).next;
  const next = typeof raw === "string" ? raw : null;
  if (!await hasUsers()) redirect("/setup");
  if (await pageViewer()) redirect(safeNext(next));
  return (
    <AuthCard title="Sign in" intro="Accounts are made by an admin of this Switchyard.">
      <SignInForm next={next} />
    </AuthCard>
  );
}
