// Node/V8 options the server runs with: `npm start` (scripts/start.mjs) and the test and
// benchmark harnesses (tests/integration/support/server.ts) start it with these, so what is
// tested and measured is what runs.
//
// --max-semi-space-size=32 (MiB; Node 20's default is 16): under load both the request
// thread and the engine thread allocate ~0.3–0.4 MB per run, and with 16 MiB semi-spaces
// young-generation GC paused the request thread ~14 % and the engine thread ~8 % of the
// time (~11 and ~16 scavenges a second, most of each run's objects still alive when one
// started). Larger semi-spaces scavenge less often for the same survivors: bench/http.ts
// alternated in one sitting gave 610–663 runs/s with 100 clients against 493–617 without it
// (bench/README.md, "Server Node options"). Costs up to ~50 MiB more young generation per
// thread under load.
export const SERVER_NODE_OPTIONS = "--max-semi-space-size=32";
