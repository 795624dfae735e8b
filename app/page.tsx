import { WorkflowList } from "@/components/workflows/workflow-list";

export default function HomePage() {
  return <WorkflowList />;
}
