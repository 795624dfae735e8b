import type { Metadata } from "next";
import { WorkflowList } from "@/components/workflow-list/workflow-list";

// The layout's title template applies to child segments only, not to this page beside it.
export const metadata: Metadata = { title: { absolute: "Workflows · Switchyard" } };

export default function HomePage() {
  return <WorkflowList />;
}
