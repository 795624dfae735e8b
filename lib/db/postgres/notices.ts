/**
 * Run notices between processes on PostgreSQL: LISTEN/NOTIFY on two channels, so a process
 * hears only what it acts on. Committed events go on {@link RUN_EVENTS_CHANNEL}, which only
 * processes that follow other processes' runs listen to (web and `all` processes); control
 * messages go on {@link RUN_NOTICES_CHANNEL}, which every process listens to. A worker thus
 * never wakes for the events of every run of every worker.
 *
 * The events notice follows the commit that writes the events ({@link eventsNotice}, sent by
 * the run store's group commit in the batch's round trip, right after its COMMIT, and only if
 * that committed: group-commit.ts), so it costs no round trip of its own, and never announces
 * a write that was rolled back. A dedicated
 * connection LISTENs, and reconnects after it fails (notices sent while it was away are lost:
 * listeners read the events table on the next one, which is the record anyway).
 *
 * The release before this one sent events on the control channel too, and listens to it
 * alone. While such a process is connected (earlier-listeners.ts), events go on both
 * channels, so a rolling upgrade never hides a run's events from it.
 */
import pg from "pg";
import type { RunControl, RunNotices } from "../ports";
import { COMMITTED_MARK } from "./group-commit";
import { pgTypes } from "./types";

/** Control messages (and, from the release before, events). */
export const RUN_NOTICES_CHANNEL = "switchyard_runs";
/** Committed events. */
export const RUN_EVENTS_CHANNEL = "switchyard_run_events";
/** The `application_name` of this release's listening connections. */
export const LISTENER_NAME = "switchyard-listener";

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

/** After a group commit: `$1` its mark (group-commit.ts), then the channel and payloads. */
const NOTIFY_EACH = `SELECT pg_notify($2, p) FROM unnest($3::text[]) AS p WHERE ${COMMITTED_MARK}`;
const NOTIFY_BOTH = `${NOTIFY_EACH} UNION ALL SELECT pg_notify($4, p) FROM unnest($5::text[]) AS p WHERE ${COMMITTED_MARK}`;

/** What one commit tells of a run: its events up to `seq`, and whether they include its settling. */
export interface CommittedEvents {
  runId: string;
  seq: number;
  settled: boolean;
}

/**
 * The statement announcing a commit's events, one NOTIFY per run (and channel): a group
 * commit's after-commit statement (its mark bound first). Named: parsed and planned once per
 * connection.
 */
export function eventsNotice(runs: readonly CommittedEvents[], toEarlierRelease: boolean): pg.QueryConfig {
  const payloads = runs.map(({ runId, seq, settled }) => `${settled ? "s" : "e"} ${seq} ${runId}`);
  if (!toEarlierRelease) return { name: "switchyard_notify_events", text: NOTIFY_EACH, values: [RUN_EVENTS_CHANNEL, payloads] };
  const earlier = runs.map(({ runId, seq }) => `e ${seq} ${runId}`);
  return { name: "switchyard_notify_both", text: NOTIFY_BOTH, values: [RUN_EVENTS_CHANNEL, payloads, RUN_NOTICES_CHANNEL, earlier] };
}

const controlPayload = (message: RunControl) => `c ${JSON.stringify(message)}`;

/** A control message, sent as a statement of its own. */
const controlNotice = (message: RunControl): pg.QueryConfig => ({ name: "switchyard_notify_control", text: "SELECT pg_notify($1, $2)", values: [RUN_NOTICES_CHANNEL, controlPayload(message)] });

/** The workers' `work` notice as a group commit's after-commit statement (its mark bound first): sent once the commit that wrote the jobs has. */
export const WORK_NOTICE: pg.QueryConfig = {
  name: "switchyard_notify_work",
  text: `SELECT pg_notify($2, $3) WHERE ${COMMITTED_MARK}`,
  values: [RUN_NOTICES_CHANNEL, controlPayload({ op: "work" })],
};

export function postgresNotices(pool: pg.Pool, url: string): RunNotices {
  const listeners = new Set<Listener>();
  let connected: Promise<void> | null = null;
  let client: pg.Client | null = null;
  /** Whether the listening connection has LISTENed on the events channel. */
  let hearingEvents = false;

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
