import { RunsTable } from "@/components/run/runs-table";

export default function AllRunsPage() {
  return <RunsTable title="Runs" />;
}
