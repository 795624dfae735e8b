/**
 * Where runs execute. By default on the engine host thread (a `worker_threads` Worker,
 * ./engine-host.worker.ts), which owns the run runtime — engine, SQLite writes, leases,
 * recovery — while the request thread parses requests, reads, and writes answers: a run's
 * CPU is then spread over two cores instead of queuing on one. `SWITCHYARD_ENGINE_THREAD=off`
 * runs the engine on the request thread instead (same commands, same bus, no thread).
 *
 * The request thread talks to it through {@link EngineHost}: run commands answer with the
 * run's JSON text, and its `bus` (the same run event bus as the engine thread's, fed by a relay
 * from there) carries a run's live events to SSE streams and `?wait=` callers.
 */
import { Worker } from "node:worker_threads";
import { storage } from "@/lib/db";
import { secretKey } from "@/lib/secrets/service";
import type { RunEventBus } from "@/engine/ports";
import { LocalRunEventBus } from "../event-bus";
import { runReads, runtime } from "../index";
import { followOtherProcesses } from "../other-processes";
import { processPrefix } from "../process-id";
import { processRole } from "../role";
import { executeCommand } from "./dispatch";
import type { CommandOutcome, FromHost, RunCommand, ToHost } from "./protocol";

export type { CommandOutcome, JsonText, RunCommand } from "./protocol";

/** A command's outcome (the run as JSON text, or the error as the API answers it), and where the time went. */
export type CommandReply = CommandOutcome & {
  /** Milliseconds the engine host spent on the command (with `?wait=`, until the run settled). */
  engineMs: number;
  /** Milliseconds from handing the command over to having the reply, on the calling thread. */
  totalMs: number;
};

export interface EngineHost {
  /** Executes a run command; resolves with its reply, a failed command's included. */
  command(command: RunCommand): Promise<CommandReply>;
  /** The run event bus of this thread. */
  readonly bus: RunEventBus;
}

const globalForHost = globalThis as unknown as { switchyardEngineHost?: EngineHost };

/** This server's engine host, started on first use (the instrumentation hook starts it at boot). */
export function engineHost(): EngineHost {
  if (!globalForHost.switchyardEngineHost) {
    // Load (or generate) the secrets key here first, so the two threads never race to create it.
    secretKey();
    const inProcess = process.env.SWITCHYARD_ENGINE_THREAD === "off";
    const host = inProcess ? inProcessHost() : new ThreadHost();
    globalForHost.switchyardEngineHost = host;
    // On a database other processes share, their runs' events reach this process's streams too.
    // A web process's runtime follows them itself, and relays them here from its thread.
    const notices = storage().notices;
    if (notices && host.bus instanceof LocalRunEventBus && processRole() !== "web") {
      followOtherProcesses(host.bus, notices, (runId, after) => runReads().listEvents(runId, after)).catch((err: unknown) => console.error("following other processes' runs failed", err));
    }
  }
  return globalForHost.switchyardEngineHost;
}

/** Runs `stop` on SIGTERM or SIGINT (once): `scripts/start.mjs` sets NEXT_MANUAL_SIG_HANDLE, so these stop the server. */
function onStopSignal(stop: (exitCode: number) => void): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop(signal === "SIGINT" ? 130 : 143));
}

function inProcessHost(): EngineHost {
  const rt = runtime();
  // As the thread host does (see ThreadHost.stop); on this one thread nothing else runs meanwhile.
  onStopSignal((exitCode) => {
    rt.store.leases
      .releaseProcess(processPrefix())
      .catch((err: unknown) => console.error("switchyard: handing runs back on stop failed; the next start takes them over", err))
      .finally(() => process.exit(exitCode));
  });
  return {
    command: async (command) => {
      const started = performance.now();
      const outcome = await executeCommand(command);
      const ms = performance.now() - started;
      return { ...outcome, engineMs: ms, totalMs: ms };
    },
    bus: rt.bus,
  };
}

class ThreadHost implements EngineHost {
  /** This thread's subscribers; a run's relay from the engine thread lives while it has any. */
  readonly bus = new LocalRunEventBus({ start: (runId) => this.startRelay(runId), stop: (runId) => this.post({ type: "unsubscribe", runId }) });
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { sent: number; resolve(reply: CommandReply): void }>();
  private readonly acks = new Map<number, () => void>();
  private stopping = false;

  constructor() {
    this.worker = new Worker(new URL("./engine-host.worker.ts", import.meta.url));
    this.worker.unref();
    this.worker.on("message", (message: FromHost) => this.receive(message));
    // Without its engine thread the server cannot run anything: stop, so a supervisor
    // restarts it and recovery resumes the runs (SPEC §5).
    this.worker.on("error", (err) => {
      console.error("the engine host thread failed; stopping the server", err);
      process.exit(1);
    });
    this.worker.on("exit", (code) => {
      if (this.stopping) return;
      console.error(`the engine host thread exited (code ${code}); stopping the server`);
      process.exit(1);
    });
    onStopSignal((exitCode) => void this.stop(exitCode));
  }

  /**
   * A stop on purpose (SIGTERM, Ctrl+C): end the engine thread, so nothing of it writes
   * again, then hand its runs back — their leases dropped, so the next server resumes them at
   * once and does not count them as taken over from a dead process (lib/db/run-takeovers.ts).
   * The node each run had in flight runs again there, with the same idempotency key.
   */
  private async stop(exitCode: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    try {
      await this.worker.terminate();
      const released = await storage().runStore().leases.releaseProcess(processPrefix());
      if (released > 0) console.info(`switchyard: stopping; ${released} run(s) handed back for the next start to resume`);
    } catch (err) {
      console.error("switchyard: handing runs back on stop failed; the next start takes them over", err);
    } finally {
      process.exit(exitCode);
    }
  }

  command(command: RunCommand): Promise<CommandReply> {
    const id = this.nextId++;
    return new Promise<CommandReply>((resolve) => {
      this.pending.set(id, { sent: performance.now(), resolve });
      this.post({ type: "command", id, command });
    });
  }

  /** Resolves once the engine thread relays the run's events here. */
  private startRelay(runId: string): Promise<void> {
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      this.acks.set(id, resolve);
      this.post({ type: "subscribe", id, runId });
    });
  }

  private post(message: ToHost): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromHost): void {
    switch (message.type) {
      case "reply": {
        const entry = this.settle(message.id);
        entry?.resolve({ ...message.outcome, engineMs: message.ms, totalMs: performance.now() - entry.sent });
        return;
      }
      case "subscribed":
        this.acks.get(message.id)?.();
        this.acks.delete(message.id);
        return;
      case "bus":
        if (message.message.kind === "events") this.bus.publish(message.runId, message.message.events);
        else this.bus.delta(message.message.event);
        return;
    }
  }

  private settle(id: number) {
    const entry = this.pending.get(id);
    this.pending.delete(id);
    return entry;
  }
}
