/**
 * The engine host thread: owns the run runtime (engine, SQLite store, leases, recovery)
 * and executes run commands for the request thread. Runs and their SQLite commits happen
 * here, so the request thread only parses requests and writes answers — the two use both
 * cores of a two-core machine instead of one.
 */
import { parentPort } from "node:worker_threads";
import { runtime } from "../index";
import { executeCommand } from "./dispatch";
import type { FromHost, ToHost } from "./protocol";

const port = parentPort;
if (!port) throw new Error("engine-host.worker must run in a worker thread");
const send = (message: FromHost) => port.postMessage(message);

// As on the request thread: a stray rejection is logged, it does not take the engine down.
process.on("unhandledRejection", (reason) => console.error("unhandled rejection on the engine host thread", reason));

const rt = runtime();
const relays = new Map<string, () => void>();

port.on("message", (message: ToHost) => {
  switch (message.type) {
    case "command": {
      const received = performance.now();
      void executeCommand(message.command).then((outcome) => send({ type: "reply", id: message.id, outcome, ms: performance.now() - received }));
      return;
    }
    case "subscribe":
      // One relay per run; the request thread fans out to its subscribers. Acknowledged
      // after subscribing, so every event committed from then on reaches the request thread.
      if (!relays.has(message.runId)) relays.set(message.runId, rt.bus.subscribe(message.runId, (m) => send({ type: "bus", runId: message.runId, message: m })));
      send({ type: "subscribed", id: message.id });
      return;
    case "unsubscribe":
      relays.get(message.runId)?.();
      relays.delete(message.runId);
      return;
  }
});
