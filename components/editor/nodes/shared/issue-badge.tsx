import { Icon, ICONS } from "@/components/ui/icon";
import type { MarkedIssue } from "../../store/issue-index";

/** A small red (errors) or amber (warnings only) marker whose tooltip lists the findings. */
export function IssueBadge({ issues, testId }: { issues: MarkedIssue[]; testId?: string }) {
  const errors = issues.filter((i) => i.severity === "error").length;
  const tone = errors ? "bg-red-50 text-red-700 ring-red-200" : "bg-amber-50 text-amber-800 ring-amber-200";
  return (
    <span
      data-testid={testId}
      data-severity={errors ? "error" : "warning"}
      title={issues.map((i) => `${i.severity}: ${i.message}`).join("\n")}
      className={`inline-flex shrink-0 items-center gap-0.5 rounded-full px-1.5 py-0.5 text-[10px] font-semibold ring-1 ${tone}`}
    >
      <Icon d={ICONS.alert} className="size-3" />
      {issues.length}
    </span>
  );
}
