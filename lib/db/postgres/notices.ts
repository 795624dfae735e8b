/**
 * Run notices between processes on PostgreSQL: LISTEN/NOTIFY on one channel. `announce`
 * gathers a turn's announcements and sends one NOTIFY per run (the highest seq, and one more
 * when the run settled); a dedicated
 * connection LISTENs, and reconnects after it fails (notices sent while it was away are lost:
 * listeners read the events table on the next one, which is the record anyway).
 */
import pg from "pg";
import type { RunControl, RunNotices } from "../ports";
import { pgTypes } from "./types";

export const RUN_NOTICES_CHANNEL = "switchyard_runs";

type Listener = Parameters<RunNotices["listen"]>[0];

/**
 * Payloads: `e <seq> <runId>` (events committed), `s <seq> <runId>` (… and the run settled),
 * or `c <json>` (a control message). A settling commit is announced as both `e` and `s`, so a
 * process of an earlier release, which knows only `e`, still hears it. NOTIFY payloads stay
 * under 8,000 bytes.
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

export function postgresNotices(pool: pg.Pool, url: string): RunNotices {
  /** Per run announced this turn: its highest seq, and whether the run settled. */
  const pending = new Map<string, { seq: number; settled: boolean }>();
  let flushing = false;
  const listeners = new Set<Listener>();
  let connected: Promise<void> | null = null;
  let client: pg.Client | null = null;

  const flush = () => {
    flushing = false;
    const batch = [...pending];
    pending.clear();
    if (batch.length === 0) return;
    // One statement for the turn: a NOTIFY per run, in one round trip.
    const payloads = batch.flatMap(([runId, { seq, settled }]) => (settled ? [`e ${seq} ${runId}`, `s ${seq} ${runId}`] : [`e ${seq} ${runId}`]));
    pool.query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", [RUN_NOTICES_CHANNEL, payloads]).catch((err: unknown) => console.error("run notices: announcing failed", err));
  };

  const connect = (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, types: pgTypes, application_name: "switchyard-notices" });
    next.on("notification", (n) => {
      const notice = n.payload ? parse(n.payload) : null;
      if (!notice) return;
      for (const l of listeners) {
        try {
          if (notice.kind === "events") l.events(notice.runId, notice.seq, notice.settled);
          else l.control(notice.message);
        } catch (err) {
          console.error("run notices: a listener failed", err);
        }
      }
    });
    next.on("error", (err) => {
      console.error("run notices: the listening connection failed; reconnecting", err.message);
      client = null;
      connected = null;
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

  const ensureListening = (): Promise<void> => {
    if (listeners.size === 0) return Promise.resolve();
    connected ??= connect().catch((err: unknown) => {
      connected = null;
      throw err;
    });
    return connected;
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
      await pool.query("SELECT pg_notify($1, $2)", [RUN_NOTICES_CHANNEL, `c ${JSON.stringify(message)}`]);
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
          void ending.end().catch(() => {});
        }
      };
    },
  };
}
