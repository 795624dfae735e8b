import type { Metadata } from "next";
import { WorkflowEditor } from "@/components/editor/shell/workflow-editor";

export const metadata: Metadata = { title: "Workflow" };

export default async function WorkflowPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WorkflowEditor id={id} />;
}
