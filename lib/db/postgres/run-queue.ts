/**
 * The run queue on PostgreSQL: pg-boss, in its own schema (`pgboss`), on the storage's pool. A
 * trigger's job is pg-boss's own insert, executed in the transaction that creates the run
 * (`prepare` takes the statement pg-boss would run, and the run store's group commit runs it
 * there), so a job never names a run that was not committed, and a run handed to the queue is
 * never without its job; the `work` notice that wakes the workers follows that commit. Workers
 * take jobs with pg-boss's `fetch` (FOR UPDATE SKIP LOCKED: one worker per job) when a `work`
 * notice wakes them, and on a short poll besides.
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { PreparedRunJob, RunJobData, RunQueue, TakenRunJob } from "../ports";
import { WORK_NOTICE } from "./notices";

export const RUN_QUEUE = "switchyard-runs";
export const RUN_QUEUE_SCHEMA = "pgboss";

/**
 * A job as the run store writes it: pg-boss's insert statement, to run in the run's
 * transaction, and the `work` notice that wakes the workers, sent after that commits (once per
 * commit, however many jobs it wrote).
 */
export interface PostgresPreparedJob extends PreparedRunJob {
  readonly query: pg.QueryConfig;
  readonly wake: pg.QueryConfig;
}

export function isPostgresPreparedJob(job: PreparedRunJob): job is PostgresPreparedJob {
  return typeof (job as Partial<PostgresPreparedJob>).query?.text === "string";
}

/** Queue settings: a job taken and never acknowledged (its worker died) is offered again after a minute. */
const QUEUE_OPTIONS = { policy: "standard", retryLimit: 10, retryDelay: 1, expireInSeconds: 60, retentionMinutes: 60 } as const;

/** How many of pg-boss's statement texts are prepared by name; others are parsed each time. */
const NAMED_TEXTS = 64;

/**
 * pg-boss's statements as named ones: each parameterized text is parsed and planned once per
 * connection instead of on every call (its job insert, fetch and completion are on every run's
 * path). The name is the text's hash, so one name never stands for two texts; the set is
 * bounded in case a text ever carried its values inline. Texts without parameters (pg-boss's
 * DDL, several statements in one) stay unnamed.
 */
function queueStatements() {
  const names = new Map<string, string>();
  return (text: string, values: unknown[] = []): pg.QueryConfig => {
    if (values.length === 0) return { text, values };
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_TEXTS) {
      name = `switchyard_queue_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
      names.set(text, name);
    }
    return name === undefined ? { text, values } : { name, text, values };
  };
}

const isJobData = (data: unknown): data is RunJobData =>
  typeof data === "object" && data !== null && typeof (data as RunJobData).runId === "string" && ((data as RunJobData).op === "start" || (data as RunJobData).op === "resume");

export function postgresRunQueue(pool: pg.Pool): RunQueue {
  const named = queueStatements();
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(named(text, values)) },
    schema: RUN_QUEUE_SCHEMA,
    // Completed jobs are archived after an hour and deleted a day later: they are acknowledgements, the runs table is the record.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 1,
  });
  boss.on("error", (err: Error) => console.error("run queue:", err.message));
  let started: Promise<void> | null = null;
  const open = async () => {
    await boss.start();
    if (!(await boss.getQueue(RUN_QUEUE))) {
      // Two processes starting at once both try; the loser finds it made.
      await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, ...QUEUE_OPTIONS }).catch(async (err: unknown) => {
        if (!(await boss.getQueue(RUN_QUEUE))) throw err;
      });
    }
  };
  const ready = () =>
    (started ??= (async () => {
      // Processes creating the queue at once can deadlock in pg-boss's DDL: the server aborts
      // one of them (40P01), which then finds the queue made, or makes it, on a second try.
      for (let attempt = 1; ; attempt++) {
        try {
          return await open();
        } catch (err) {
          if (attempt >= 3 || (err as { code?: unknown }).code !== "40P01") throw err;
        }
      }
    })().catch((err: unknown) => {
      started = null;
      throw err;
    }));

  return {
    async prepare(data) {
      await ready();
      let query: PostgresPreparedJob["query"] | null = null;
      // pg-boss builds its insert and hands it to `db`: kept, not run, for the run's transaction.
      const capture = {
        executeSql: (text: string, values: unknown[] = []) => {
          query = named(text, values);
          return Promise.resolve({ rows: [] });
        },
      };
      await boss.send(RUN_QUEUE, { ...data }, { db: capture });
      if (!query) throw new Error("the run queue did not produce its job's statement");
      return { data, query, wake: WORK_NOTICE } satisfies PostgresPreparedJob;
    },
    async enqueue(data) {
      await ready();
      await boss.send(RUN_QUEUE, { ...data });
    },
    async take(limit) {
      if (limit <= 0) return [];
      await ready();
      const jobs = await boss.fetch<unknown>(RUN_QUEUE, { batchSize: limit });
      const taken: TakenRunJob[] = [];
      const malformed: string[] = [];
      for (const job of jobs) {
        if (isJobData(job.data)) taken.push({ id: job.id, data: { runId: job.data.runId, op: job.data.op } });
        else malformed.push(job.id);
      }
      if (malformed.length > 0) await boss.fail(RUN_QUEUE, malformed);
      return taken;
    },
    async done(ids) {
      if (ids.length === 0) return;
      await boss.complete(RUN_QUEUE, ids);
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ close: false, graceful: false, wait: true });
    },
  };
}
