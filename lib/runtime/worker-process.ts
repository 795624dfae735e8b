/**
 * A worker process (`npm run worker`, scripts/worker.mjs): executes the runs web processes
 * hand to the run queue, and recovers runs whose process died; it serves no requests. Several
 * run beside one or more web processes on one PostgreSQL database (docs/deploy.md).
 *
 * SIGTERM or SIGINT stops it: it takes no more jobs, hands its runs back (their leases
 * dropped, so another worker resumes them at once, the node each had in flight again with the
 * same idempotency key) and exits.
 */
import { storage } from "@/lib/db";
import { secretKey } from "@/lib/secrets/service";
import { errorMessage } from "@/engine/errors";
import { runtime } from "./index";
import { processPrefix } from "./process-id";
import { processRole, workerConcurrency } from "./role";

process.on("unhandledRejection", (reason) => console.error("switchyard worker: unhandled rejection", reason));

try {
  if (processRole() !== "worker") throw new Error("the worker process runs with SWITCHYARD_ROLE=worker (npm run worker sets it)");
  secretKey();
  const rt = runtime();
  const concurrency = workerConcurrency();
  console.log(`switchyard: worker ${rt.owner} taking runs from the queue (${Number.isFinite(concurrency) ? `at most ${concurrency} at once` : "no limit on runs at once"})`);
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      rt.stopRecovery();
      rt.store.leases
        .releaseProcess(processPrefix())
        .catch((err: unknown) => console.error(`switchyard worker: handing runs back on stop failed; another worker takes them over: ${errorMessage(err)}`))
        .then(() => storage().queue()?.stop())
        .catch(() => undefined)
        .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
} catch (err) {
  console.error(`switchyard: ${errorMessage(err)}`);
  process.exit(1);
}
