import type { Metadata } from "next";
import { SpendDashboard } from "@/components/spend/spend-dashboard";

export const metadata: Metadata = { title: "Spend" };

export default function SpendPage() {
  return <SpendDashboard />;
}
