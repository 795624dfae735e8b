import type { Metadata } from "next";
import { VersionHistory } from "@/components/history/version-history";

export const metadata: Metadata = { title: "Version history" };

export default async function VersionsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ v?: string }> }) {
  const { id } = await params;
  const { v } = await searchParams;
  const initial = v && /^\d+$/.test(v) ? Number(v) : undefined;
  return <VersionHistory workflowId={id} initial={initial} />;
}
