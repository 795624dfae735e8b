import type { Metadata } from "next";
import { WorkflowRuns } from "@/components/run/workflow-runs";

export const metadata: Metadata = { title: "Runs" };

export default async function WorkflowRunsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WorkflowRuns workflowId={id} />;
}
