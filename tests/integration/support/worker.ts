/**
 * Starts a worker process (what `npm run worker` runs: scripts/worker-command.mjs) on a
 * database a test server already serves, and resolves once it is taking runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { workerArgs } from "../../../scripts/worker-command.mjs";

export interface TestWorker {
  pid(): number | undefined;
  /** Graceful stop (SIGTERM), waits for exit. */
  stop(): Promise<void>;
  /** Hard kill (SIGKILL) like a crash, waits for exit. */
  kill9(): Promise<void>;
  log(): string;
}

export async function startWorker(env: Record<string, string>, root = process.cwd()): Promise<TestWorker> {
  const proc: ChildProcess = spawn(process.execPath, workerArgs(root), {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: "", ...env, SWITCHYARD_ROLE: "worker" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listen = (d: Buffer) => {
    output += String(d);
    if (process.env.SHOW_SERVER_LOG) process.stderr.write(d);
  };
  proc.stdout?.on("data", listen);
  proc.stderr?.on("data", listen);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start within 30 s:\n${output}`)), 30_000);
    const check = () => {
      if (!/taking runs from the queue/.test(output)) return;
      clearTimeout(timer);
      resolve();
    };
    proc.stdout?.on("data", check);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code}) before taking runs:\n${output}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill(signal);
    await exited;
  };
  return { pid: () => proc.pid, stop: () => end("SIGTERM"), kill9: () => end("SIGKILL"), log: () => output };
}
