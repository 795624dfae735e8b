import { SpendDashboard } from "@/components/spend/spend-dashboard";

export default function SpendPage() {
  return <SpendDashboard />;
}
