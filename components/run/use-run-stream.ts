"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client/http";
import { getRunDetail, getRunStep } from "@/lib/client/run-api";
import { applyEvents, fromDetail, isLive, mergeInputs, withStepInput, type LiveRun, type RunEvent } from "./run-state";

export type Connection = "connecting" | "live" | "reconnecting" | "ended";

export type RunStreamLoad = { kind: "loading" } | { kind: "missing" } | { kind: "error"; message: string } | { kind: "ready"; state: LiveRun };

const EVENT_TYPES = ["run.status", "step.started", "step.finished", "gate.pending", "step.delta"] as const;

/**
 * The run, fetched once and then kept live from its SSE stream. EventSource reconnects by
 * itself after a drop and sends Last-Event-ID; that shows as "reconnecting". When the
 * server ends the stream after a terminal status it is closed for good; `follow()`
 * reopens it after an action revives the run.
 */
export function useRunStream(id: string) {
  const [load, setLoad] = useState<RunStreamLoad>({ kind: "loading" });
  const [connection, setConnection] = useState<Connection>("connecting");
  const [epoch, setEpoch] = useState(0);
  const seqRef = useRef(0);
  // The seq of the newest terminal status seen on any stream; the server ends a stream right after it.
  const terminalRef = useRef(-1);
  const endedRef = useRef(false);

  useEffect(() => {
    let live = true;
    getRunDetail(id)
      .then((detail) => {
        if (!live) return;
        setLoad({ kind: "ready", state: fromDetail(detail) });
        setEpoch((e) => e + 1);
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) setLoad({ kind: "missing" });
        else setLoad({ kind: "error", message: err instanceof Error ? err.message : "Could not load the run" });
      });
    return () => {
      live = false;
    };
  }, [id]);

  /** Re-fetches the run to fill in its output, which events do not carry. */
  const refresh = useCallback(async () => {
    const detail = await getRunDetail(id);
    setLoad((prev) => (prev.kind === "ready" ? { kind: "ready", state: mergeInputs(prev.state, detail) } : prev));
  }, [id]);

  /** Loads one step's input snapshot (the run is fetched without them). */
  const loadStepInput = useCallback(
    async (stepId: string) => {
      const step = await getRunStep(id, stepId);
      setLoad((prev) => (prev.kind === "ready" ? { kind: "ready", state: withStepInput(prev.state, step) } : prev));
    },
    [id],
  );

  useEffect(() => {
    if (epoch === 0) return;
    const source = new EventSource(`/api/runs/${encodeURIComponent(id)}/events?last_event_id=${seqRef.current}`);
    endedRef.current = false;
    source.onopen = () => setConnection("live");
    source.onerror = () => {
      if (terminalRef.current === seqRef.current || source.readyState === EventSource.CLOSED) {
        source.close();
        endedRef.current = true;
        setConnection("ended");
      } else setConnection("reconnecting");
    };
    // Events are applied once per animation frame, all that arrived since the last: a burst
    // (a replay, or a thousand steps settling in a second) renders the page a few dozen
    // times instead of once per event.
    let pending: RunEvent[] = [];
    let frame = 0;
    let completed = false;
    const flush = () => {
      frame = 0;
      const batch = pending;
      pending = [];
      setLoad((prev) => (prev.kind === "ready" ? { kind: "ready", state: applyEvents(prev.state, batch) } : prev));
      if (completed) {
        completed = false;
        void refresh();
      }
    };
    const onMessage = (type: (typeof EVENT_TYPES)[number]) => (msg: MessageEvent<string>) => {
      const seq = msg.lastEventId ? Number(msg.lastEventId) : undefined;
      const event = { type, seq: type === "step.delta" ? undefined : seq, data: JSON.parse(msg.data) } as RunEvent;
      if (event.seq !== undefined) seqRef.current = Math.max(seqRef.current, event.seq);
      pending.push(event);
      frame ||= requestAnimationFrame(flush);
      // A replay may pass a failure that was resumed since, so only the stream's end decides.
      if (event.type === "run.status" && !isLive(event.data.status)) {
        terminalRef.current = event.seq;
        completed = event.data.status === "completed";
      }
    };
    for (const t of EVENT_TYPES) source.addEventListener(t, onMessage(t) as EventListener);
    return () => {
      source.close();
      // Applied, not dropped: the next stream resumes after the last event received.
      if (frame) {
        cancelAnimationFrame(frame);
        flush();
      }
    };
  }, [id, epoch, refresh]);

  /** Reopens the stream if it had ended (after an action revived a finished run). */
  const follow = useCallback(() => {
    if (!endedRef.current) return;
    setConnection("connecting");
    setEpoch((e) => e + 1);
  }, []);

  return { load, connection, follow, loadStepInput };
}
