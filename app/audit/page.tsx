import { AuditLog } from "@/components/audit/audit-log";

export default function AuditPage() {
  return <AuditLog />;
}
