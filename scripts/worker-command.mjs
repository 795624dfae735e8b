// The worker process's Node arguments: `npm run worker` (scripts/worker.mjs) and the test
// harness (tests/integration/support/worker.ts) start it with these, so what is tested runs.
// The TypeScript entry runs under tsx; the react-server condition resolves the server-only
// guard the server modules import to nothing, as in the built server.
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "./server-node-options.mjs";

/** `node <these> ` runs a worker process of the checkout at `root`. */
export function workerArgs(root) {
  return [SERVER_NODE_OPTIONS, "--conditions=react-server", "--import", "tsx", path.join(root, "lib", "runtime", "worker-process.ts")];
}
