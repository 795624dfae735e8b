/**
 * A CPU profile of a process the benchmarks start, where Node refuses `--cpu-prof` (in
 * NODE_OPTIONS): load it with `--require`, e.g.
 *
 *   WEB_NODE_OPTIONS="--require ./bench/cpu-profile.cjs" PROFILE_DIR=/tmp/profiles npx tsx bench/http-workers.ts
 *
 * Samples every 500 µs on each thread that loads it and writes `<pid>-<thread>.cpuprofile` to
 * PROFILE_DIR (Chrome DevTools opens it) after PROFILE_SECONDS (60), or when the process
 * exits first. A worker thread (the engine thread) is written only after PROFILE_SECONDS: a
 * thread its process's exit ends runs no exit handler.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a `--require` preload is CommonJS: Node runs those on worker threads too (the engine thread), `--import` ones not */
const fs = require("node:fs");
const inspector = require("node:inspector");
const path = require("node:path");
const { threadId } = require("node:worker_threads");

const session = new inspector.Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");

let written = false;
function write() {
  if (written) return;
  written = true;
  // A session on the process's own thread answers synchronously, so this works in an exit handler too.
  session.post("Profiler.stop", (err, result) => {
    if (err || !result) return;
    fs.writeFileSync(path.join(process.env.PROFILE_DIR || ".", `${process.pid}-${threadId}.cpuprofile`), JSON.stringify(result.profile));
  });
}
setTimeout(write, Number(process.env.PROFILE_SECONDS || 60) * 1000).unref();
process.on("exit", write);
