/**
 * Group commit on PostgreSQL: the writes submitted in one event-loop turn are applied in ONE
 * transaction on one pooled client, in submission order, and the whole of it — BEGIN, the
 * batch's statements, COMMIT — goes out in one round trip (pg's pipeline mode: each message
 * is sent without waiting for the answer to the one before). One batch is in flight at a
 * time; what is submitted meanwhile waits for the next.
 *
 * A failing write undoes only itself, as in lib/db/group-commit.ts: a statement that fails
 * aborts the transaction, so the pipelined COMMIT rolls it all back (PostgreSQL answers it
 * with ROLLBACK), and the batch is applied again write by write, each in its own SAVEPOINT
 * and round trip. A failure the outcome cannot be known of (the connection lost, the COMMIT
 * itself failing) rejects every write of the batch.
 *
 * Statements that must act only once the batch has committed — the notices that tell other
 * processes of it — follow the COMMIT in the same round trip, each a transaction of its own,
 * and check the batch's mark ({@link COMMITTED_MARK}): a session setting its transaction sets,
 * which PostgreSQL reverts if that transaction rolls back. A NOTIFY inside the batch would be
 * delivered with its commit too, but PostgreSQL serializes the commits of all transactions
 * that notify, cluster-wide, through their WAL flushes (the notify queue's lock, held until the
 * transaction ends): every process's batches would commit one after another, each flushing on
 * its own. A transaction that only notifies writes nothing that needs flushing.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";

/**
 * The condition an after-commit statement acts under (in its WHERE clause): `$1`, which the
 * group commit binds to the mark of the batch it follows, is the mark the batch's transaction
 * left — true only if that transaction committed.
 */
export const COMMITTED_MARK = "current_setting('switchyard.commit', true) = $1";

/** A write's result, or why it was refused. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: Error };

/** The all-or-nothing attempt at a batch. */
export interface TogetherAttempt {
  /** The statements, in order, between BEGIN and COMMIT. */
  statements: pg.QueryConfig[];
  /**
   * Each write's outcome from the statements' results, once they all succeeded and the
   * transaction committed. A write may be refused here only when nothing of it was applied.
   */
  outcomes(results: pg.QueryResult[]): Outcome<unknown>[];
  /**
   * Statements to send after the COMMIT, in the same round trip, each in a transaction of its
   * own: their `$1` is the batch's mark, their texts act only `WHERE` {@link COMMITTED_MARK}
   * (their own parameters from `$2` on). Their failure changes no write's outcome.
   */
  after?: readonly pg.QueryConfig[];
}

/** One write of the write-by-write attempt: its statements, inside its own savepoint. */
export interface AloneAttempt {
  statements: pg.QueryConfig[];
  /** The write's value from its statements' results; throwing undoes the write. */
  settle(results: pg.QueryResult[]): unknown;
  /** Why the write is refused, from the error of its statement `index` (or of `settle`). */
  refused(error: unknown, index: number | null): Error;
  /** As {@link TogetherAttempt.after}, sent after the COMMIT if the write stands. */
  after?: readonly pg.QueryConfig[];
}

/** What the owner of the writes does for each attempt; it keeps its in-memory state in step with what commits. */
export interface GroupCommitOwner<W> {
  /** SQL to run first in every transaction, after BEGIN (statements without parameters, or ""). */
  readonly prelude: string;
  /** Plans the all-or-nothing attempt; may read on `client` first (outside the transaction). */
  together(writes: readonly W[], client: pg.PoolClient): Promise<TogetherAttempt>;
  /** Before the write-by-write attempt at `writes`; may read on `client` (outside the transaction). */
  beforeAlone(writes: readonly W[], client: pg.PoolClient): Promise<void>;
  /** Plans one write of the write-by-write attempt, or refuses it outright (nothing is sent for it). */
  alone(write: W): AloneAttempt | Error;
  /** The attempt's transaction committed. */
  committed(): void;
  /** Nothing of the attempt stands. */
  aborted(): void;
}

interface Pending<W> {
  write: W;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/** The failure of a statement whose outcome is known (the server refused it), as opposed to a lost connection: the connection stays usable. */
export const isStatementError = (e: unknown) => typeof (e as { code?: unknown } | null)?.code === "string" && typeof (e as { severity?: unknown }).severity === "string";

const COMMIT: pg.QueryConfig = { text: "COMMIT" };
/** For a transaction whose statements find rows by key: planned without sequential scans (see ./session.ts BEGIN_BY_KEY). */
export const NO_SEQSCAN = "SET LOCAL enable_seqscan TO off";
/** An after-commit statement bound to the batch it follows. */
const marked = (query: pg.QueryConfig, mark: string): pg.QueryConfig => ({ ...query, values: [mark, ...(query.values ?? [])] });
const SAVEPOINT: pg.QueryConfig = { text: "SAVEPOINT write" };
const ROLLBACK_TO: pg.QueryConfig = { text: "ROLLBACK TO SAVEPOINT write" };

type PipelineClient = pg.PoolClient & { pipeline: boolean; connection?: { stream?: { cork?(): void; uncork?(): void } } };

/**
 * Runs `queries` on `client` back to back in one round trip (pg's pipeline mode, switched on
 * for the duration), their messages in one write to the socket. Each query is answered on its
 * own: after an error inside a transaction the later ones fail too ("current transaction is
 * aborted"), and a COMMIT then answers ROLLBACK.
 */
export async function pipeline(client: pg.PoolClient, queries: readonly pg.QueryConfig[]): Promise<PromiseSettledResult<pg.QueryResult>[]> {
  const c = client as PipelineClient;
  const was = c.pipeline;
  c.pipeline = true;
  const stream = c.connection?.stream;
  stream?.cork?.();
  let sent: Promise<pg.QueryResult>[];
  try {
    sent = queries.map((q) => client.query(q));
  } finally {
    stream?.uncork?.();
  }
  try {
    return await Promise.allSettled(sent);
  } finally {
    c.pipeline = was;
  }
}

/** The results of settled queries, or the first error among them. */
function unwrap(settled: PromiseSettledResult<pg.QueryResult>[]): { results: pg.QueryResult[] } | { failed: number; error: unknown } {
  const results: pg.QueryResult[] = [];
  for (let i = 0; i < settled.length; i++) {
    const s = settled[i];
    if (s.status === "rejected") return { failed: i, error: s.reason };
    results.push(s.value);
  }
  return { results };
}

/**
 * Reports after-commit statements that failed: what they announce is read from the tables
 * anyway, on the next notice. (A connection lost meanwhile is not reused: the pool drops a
 * client that can no longer be queried.)
 */
function reportAfter(settled: readonly PromiseSettledResult<pg.QueryResult>[]): void {
  for (const s of settled) if (s.status === "rejected") console.error(`a statement after a group commit failed: ${asError(s.reason).message}`);
}

export class PgGroupCommit<W> {
  private queue: Pending<W>[] = [];
  private scheduled = false;
  private inFlight = false;
  /** Marks are unique per instance (several may share a pool, and so its connections). */
  private readonly markPrefix = randomBytes(6).toString("hex");
  private marks = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly owner: GroupCommitOwner<W>,
  ) {}

  submit(write: W): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /** True while a batch is being applied or writes wait for the next. */
  get busy(): boolean {
    return this.inFlight || this.queue.length > 0;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    // The next turn: what this turn's callers submit (and the continuations of the batch
    // just settled) goes into one batch.
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    this.inFlight = true;
    try {
      await this.apply(batch);
    } finally {
      this.inFlight = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  private async apply(batch: Pending<W>[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      return this.rejectAll(batch, err);
    }
    let broken: Error | undefined;
    try {
      const outcomes = await this.attempt(client, batch.map((p) => p.write));
      batch.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    } catch (err) {
      // The transaction's outcome is unknown or it failed as a whole: the client is not reused.
      broken = asError(err);
      this.owner.aborted();
      this.rejectAll(batch, err);
    } finally {
      client.release(broken);
    }
  }

  private async attempt(client: pg.PoolClient, writes: readonly W[]): Promise<Outcome<unknown>[]> {
    const plan = await this.owner.together(writes, client);
    // A mark only for a batch with statements to follow it.
    const mark = plan.after?.length ? this.nextMark() : null;
    const after = mark === null ? [] : (plan.after ?? []).map((q) => marked(q, mark));
    const settled = await pipeline(client, [this.begin(mark), ...plan.statements, COMMIT, ...after]);
    const commitAt = plan.statements.length + 1;
    const commit = settled[commitAt];
    if (commit.status === "rejected") throw commit.reason;
    const done = unwrap(settled.slice(0, commitAt + 1));
    if ("results" in done && commit.value.command === "COMMIT") {
      const outcomes = plan.outcomes(done.results.slice(1, -1));
      this.owner.committed();
      reportAfter(settled.slice(commitAt + 1));
      return outcomes;
    }
    // A statement failed: PostgreSQL rolled the transaction back at COMMIT (and the after-commit statements did nothing).
    if ("error" in done && !isStatementError(done.error)) throw done.error;
    this.owner.aborted();
    return this.alone(client, writes);
  }

  /** Applies the batch again write by write, each in its own savepoint: a failing write undoes only itself. */
  private async alone(client: pg.PoolClient, writes: readonly W[]): Promise<Outcome<unknown>[]> {
    await this.owner.beforeAlone(writes, client);
    const outcomes: Outcome<unknown>[] = [];
    const after: pg.QueryConfig[] = [];
    const mark = this.nextMark();
    let begun = false;
    for (const write of writes) {
      const attempt = this.owner.alone(write);
      if (attempt instanceof Error) {
        outcomes.push({ ok: false, error: attempt });
        continue;
      }
      const head = begun ? [SAVEPOINT] : [this.begin(mark), SAVEPOINT];
      const settled = await pipeline(client, [...head, ...attempt.statements]);
      const opening = unwrap(settled.slice(0, head.length));
      if ("error" in opening) throw opening.error;
      begun = true;
      const done = unwrap(settled.slice(head.length));
      let refusal: Error | null = null;
      let value: unknown;
      if ("error" in done) {
        if (!isStatementError(done.error)) throw done.error;
        refusal = attempt.refused(done.error, done.failed);
      } else {
        try {
          value = attempt.settle(done.results);
        } catch (err) {
          refusal = attempt.refused(err, null);
        }
      }
      if (refusal) {
        await client.query(ROLLBACK_TO);
        outcomes.push({ ok: false, error: refusal });
      } else {
        outcomes.push({ ok: true, value });
        for (const q of attempt.after ?? []) after.push(marked(q, mark));
      }
    }
    if (begun) {
      const [commit, ...rest] = await pipeline(client, [COMMIT, ...after]);
      if (commit.status === "rejected") throw commit.reason;
      if (commit.value.command !== "COMMIT") throw new Error(`the batch's transaction did not commit (${commit.value.command})`);
      reportAfter(rest);
    }
    this.owner.committed();
    return outcomes;
  }

  private nextMark(): string {
    return `${this.markPrefix}.${++this.marks}`;
  }

  /** BEGIN, the owner's prelude and the transaction's mark, if any: one simple query (its statements answer together). */
  private begin(mark: string | null): pg.QueryConfig {
    const parts = ["BEGIN", ...(this.owner.prelude ? [this.owner.prelude] : []), ...(mark === null ? [] : [`SELECT set_config('switchyard.commit', '${mark}', false)`])];
    return { text: parts.join("; ") };
  }

  private rejectAll(batch: Pending<W>[], error: unknown): void {
    for (const item of batch) item.reject(asError(error));
  }
}
