import { ApprovalsInbox } from "@/components/approvals/approvals-inbox";

export default function ApprovalsPage() {
  return <ApprovalsInbox />;
}
