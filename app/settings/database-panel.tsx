import { connection } from "next/server";
import { count, formatBytes } from "@/components/ui/format";
import { storage } from "@/lib/db";

/** Where the data lives, how big it is, and how to back it up (read when the page is served). */
export async function DatabasePanel() {
  await connection();
  const stats = await storage().stats();
  // A PostgreSQL server keeps its own write-ahead log and is backed up with its own tool.
  const postgres = stats.backend === "postgres";
  return (
    <section className="mb-6 rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200" data-testid="database-panel">
      <h2 className="text-sm font-semibold text-slate-900">Database</h2>
      <p className="mb-3 break-all font-mono text-xs text-slate-600" data-testid="database-file">
        {stats.location}
      </p>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <Figure label="Size" value={formatBytes(stats.bytes)} note={stats.free_bytes > 0 ? `${formatBytes(stats.free_bytes)} free for reuse` : undefined} />
        {!postgres && <Figure label="Write-ahead log" value={formatBytes(stats.wal_bytes)} />}
        <Figure label="Workflows" value={count(stats.workflows)} />
        <Figure label="Runs" value={count(stats.runs)} note={`${count(stats.audit_entries)} audit entries`} />
      </dl>
      {postgres ? (
        <p className="text-sm text-slate-500">
          Back it up with PostgreSQL&apos;s <code className="text-xs">pg_dump</code> while the server runs, and keep the secrets key file (<code className="text-xs">secret.key</code> in
          the data folder) with the dump, unless the key is set in <code className="text-xs">SWITCHYARD_SECRET_KEY</code>.
        </p>
      ) : (
        <p className="text-sm text-slate-500">
          Back it up while the server runs with <code className="text-xs">npm run backup</code>: a consistent, compacted copy (with the secrets key beside it). Copying the
          file itself can catch it half-written.
        </p>
      )}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="font-mono text-slate-900">{value}</dd>
      {note && <dd className="text-xs text-slate-500">{note}</dd>}
    </div>
  );
}
