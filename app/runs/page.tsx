import type { Metadata } from "next";
import { RunsTable } from "@/components/run/runs-table";

export const metadata: Metadata = { title: "Runs" };

export default function AllRunsPage() {
  return <RunsTable title="Runs" />;
}
