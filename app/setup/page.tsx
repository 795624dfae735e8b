import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { pageViewer } from "@/lib/auth/page-session";
import { setupStatus } from "@/lib/services/setup";

export const metadata: Metadata = { title: "Create the owner account" };
export const dynamic = "force-dynamic";

/** First run: the owner account (an admin), from this machine only; afterwards, sign in. */
export default async function SetupPage() {
  const h = await headers();
  const status = await setupStatus(new Request("http://localhost/", { headers: h }), undefined);
  if (!status.needed) redirect((await pageViewer()) ? "/" : "/sign-in");
  return (
    <AuthCard title="Create the owner account" intro="This Switchyard has no accounts yet. The first one is its owner, an admin who then adds everyone else.">
      {status.allowed ? (
        <SetupForm />
      ) : (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="setup-refused">
          For safety the owner account can be created only from the machine Switchyard runs on: open this page there (http://127.0.0.1:&lt;port&gt;/), or create it through the API with the bootstrap token (<code>SWITCHYARD_BOOTSTRAP_TOKEN</code>).
        </p>
      )}
    </AuthCard>
  );
}
