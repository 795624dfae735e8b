/**
 * Run notices between processes on PostgreSQL: LISTEN/NOTIFY on two channels, so a process
 * hears only what it acts on. Committed events go on {@link RUN_EVENTS_CHANNEL}, which only
 * processes that follow other processes' runs listen to (web and `all` processes); control
 * messages go on {@link RUN_NOTICES_CHANNEL}, which every process listens to. A worker thus
 * never wakes for the events of every run of every worker.
 *
 * `announce` gathers a turn's announcements and sends one NOTIFY per run (the highest seq); a
 * dedicated connection LISTENs, and reconnects after it fails (notices sent while it was away
 * are lost: listeners read the events table on the next one, which is the record anyway).
 *
 * The release before this one sent events on the control channel too, and listens to it
 * alone. While such a process is connected (seen by its listening connection's
 * `application_name`, checked every few seconds), events go on both channels, so a rolling
 * upgrade never hides a run's events from it.
 */
import pg from "pg";
import type { RunControl, RunNotices } from "../ports";
import { pgTypes } from "./types";

/** Control messages (and, from the release before, events). */
export const RUN_NOTICES_CHANNEL = "switchyard_runs";
/** Committed events. */
export const RUN_EVENTS_CHANNEL = "switchyard_run_events";
/** The `application_name` of this release's listening connections. */
export const LISTENER_NAME = "switchyard-listener";
/** That of the release before, which hears events on {@link RUN_NOTICES_CHANNEL} only. */
export const EARLIER_LISTENER_NAME = "switchyard-notices";
/** How often an announcing process looks for listeners of the release before. */
export const EARLIER_LISTENER_CHECK_MS = 5_000;

type Listener = Parameters<RunNotices["listen"]>[0];

/**
 * Payloads: `e <seq> <runId>` (events committed), `s <seq> <runId>` (… and the run settled;
 * this release's events channel only), or `c <json>` (a control message). NOTIFY payloads
 * stay under 8,000 bytes.
 */
const parse = (payload: string): { kind: "events"; runId: string; seq: number; settled: boolean } | { kind: "control"; message: RunControl } | null => {
  if (payload.startsWith("e ") || payload.startsWith("s ")) {
    const space = payload.indexOf(" ", 2);
    const seq = Number(payload.slice(2, space));
    return space > 2 && Number.isSafeInteger(seq) ? { kind: "events", runId: payload.slice(space + 1), seq, settled: payload[0] === "s" } : null;
  }
  if (payload.startsWith("c ")) {
    try {
      const message = JSON.parse(payload.slice(2)) as RunControl;
      if (message.op === "work") return { kind: "control", message: { op: "work" } };
      return message.op === "cancel" && typeof message.runId === "string" && typeof message.by === "string" ? { kind: "control", message } : null;
    } catch {
      return null;
    }
  }
  return null;
};

const NOTIFY_EACH = "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p";
const NOTIFY_BOTH = `${NOTIFY_EACH} UNION ALL SELECT pg_notify($3, p) FROM unnest($4::text[]) AS p`;

/** A control message as a statement: sent in a transaction, it is delivered when that commits, and not at all if it rolls back. */
export const controlNotice = (message: RunControl): { text: string; values: unknown[] } => ({
  text: "SELECT pg_notify($1, $2)",
  values: [RUN_NOTICES_CHANNEL, `c ${JSON.stringify(message)}`],
});
const EARLIER_LISTENERS = "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1) AS present";

export function postgresNotices(pool: pg.Pool, url: string, options: { earlierListenerCheckMs?: number } = {}): RunNotices {
  const checkEveryMs = options.earlierListenerCheckMs ?? EARLIER_LISTENER_CHECK_MS;
  /** Per run announced this turn: its highest seq, and whether the run settled. */
  const pending = new Map<string, { seq: number; settled: boolean }>();
  let flushing = false;
  const listeners = new Set<Listener>();
  let connected: Promise<void> | null = null;
  let client: pg.Client | null = null;
  /** Whether the listening connection has LISTENed on the events channel. */
  let hearingEvents = false;
  /**
   * Whether a process of the release before listens: the last check's answer (null before
   * the first), and the check under way. The first announcements wait for the first answer;
   * later checks refresh it in the background.
   */
  let earlierPresent: boolean | null = null;
  let earlierCheck: Promise<boolean> | null = null;
  let earlierCheckedAt = -Infinity;

  const earlierListening = (): boolean | Promise<boolean> => {
    if (performance.now() - earlierCheckedAt >= checkEveryMs) {
      earlierCheckedAt = performance.now();
      earlierCheck = pool
        .query<{ present: boolean }>(EARLIER_LISTENERS, [EARLIER_LISTENER_NAME])
        .then(
          (r) => r.rows[0]?.present ?? false,
          (err: unknown) => {
            console.error("run notices: looking for listeners of the release before failed", err);
            return true;
          },
        )
        .then((present) => (earlierPresent = present));
    }
    return earlierPresent ?? earlierCheck!;
  };

  const send = (batch: [string, { seq: number; settled: boolean }][], toEarlier: boolean) => {
    // One statement for the turn: a NOTIFY per run (and channel), in one round trip.
    const payloads = batch.map(([runId, { seq, settled }]) => `${settled ? "s" : "e"} ${seq} ${runId}`);
    // Named: parsed and planned once per connection (one of these follows every commit of every run).
    const sent = toEarlier
      ? pool.query({ name: "switchyard_notify_both", text: NOTIFY_BOTH, values: [RUN_EVENTS_CHANNEL, payloads, RUN_NOTICES_CHANNEL, batch.map(([runId, { seq }]) => `e ${seq} ${runId}`)] })
      : pool.query({ name: "switchyard_notify_events", text: NOTIFY_EACH, values: [RUN_EVENTS_CHANNEL, payloads] });
    sent.catch((err: unknown) => console.error("run notices: announcing failed", err));
  };

  const flush = () => {
    flushing = false;
    const batch = [...pending];
    pending.clear();
    if (batch.length === 0) return;
    const toEarlier = earlierListening();
    if (typeof toEarlier === "boolean") send(batch, toEarlier);
    else void toEarlier.then((yes) => send(batch, yes));
  };

  const wantsEvents = () => [...listeners].some((l) => l.events);

  const connect = (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, types: pgTypes, application_name: LISTENER_NAME });
    next.on("notification", (n) => {
      const notice = n.payload ? parse(n.payload) : null;
      if (!notice) return;
      for (const l of listeners) {
        try {
          if (notice.kind === "control") l.control(notice.message);
          else l.events?.(notice.runId, notice.seq, notice.settled);
        } catch (err) {
          console.error("run notices: a listener failed", err);
        }
      }
    });
    next.on("error", (err) => {
      console.error("run notices: the listening connection failed; reconnecting", err.message);
      client = null;
      connected = null;
      hearingEvents = false;
      next.end().catch(() => {});
      setTimeout(() => void ensureListening().catch(() => {}), 1_000).unref?.();
    });
    return next
      .connect()
      .then(() => next.query(`LISTEN ${RUN_NOTICES_CHANNEL}`))
      .then(() => {
        client = next;
      });
  };

  const ensureListening = async (): Promise<void> => {
    if (listeners.size === 0) return;
    connected ??= connect().catch((err: unknown) => {
      connected = null;
      throw err;
    });
    await connected;
    if (wantsEvents() && !hearingEvents && client) {
      hearingEvents = true;
      await client.query(`LISTEN ${RUN_EVENTS_CHANNEL}`).catch((err: unknown) => {
        hearingEvents = false;
        throw err;
      });
    }
  };

  return {
    announce(runId, seq, settled) {
      const before = pending.get(runId);
      pending.set(runId, { seq: Math.max(seq, before?.seq ?? 0), settled: settled || (before?.settled ?? false) });
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    },
    async control(message) {
      await pool.query(controlNotice(message));
    },
    async listen(listener) {
      listeners.add(listener);
      await ensureListening();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && client) {
          const ending = client;
          client = null;
          connected = null;
          hearingEvents = false;
          void ending.end().catch(() => {});
        }
      };
    },
  };
}
