import { connection } from "next/server";
import { formatPeriod } from "@/components/ui/format";
import { configuredRetentionDays } from "@/lib/db/retention-days";

/** How long runs are kept (`SWITCHYARD_RUN_RETENTION_DAYS`, read when the page is served). */
export async function RetentionPanel() {
  await connection();
  const retention = configuredRetentionDays();
  return (
    <section className="mb-6 rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200" data-testid="retention-panel">
      <h2 className="text-sm font-semibold text-slate-900">Run retention</h2>
      {retention === null ? (
        <p className="text-sm text-slate-500">
          Every run is kept. Set <code className="text-xs">SWITCHYARD_RUN_RETENTION_DAYS</code> to delete completed and failed runs after that many days.
        </p>
      ) : (
        <p className="text-sm text-slate-500">
          Completed and failed runs are deleted <span className="font-medium text-slate-900">{formatPeriod(retention)}</span> after they finished, with their
          steps and events (<code className="text-xs">SWITCHYARD_RUN_RETENTION_DAYS</code>). Runs waiting at a gate are kept; spend totals and the audit log keep
          counting deleted runs.
        </p>
      )}
    </section>
  );
}
