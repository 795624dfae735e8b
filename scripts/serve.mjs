#!/usr/bin/env node
// Serves the built app: Next.js's own request handler (the one `next start` uses) behind a
// Node HTTP server of ours, for one reason: a route handler cannot see the connection's peer
// address, and the `X-Forwarded-For` Next.js passes on is whatever the client sent when it
// sent one. Owner setup (open to this machine only) and the login rate limit need the real
// one, so every request gets two headers set here, overwriting any a client sent:
//   x-switchyard-peer           the TCP peer's address
//   x-switchyard-forwarded-for  the X-Forwarded-For the request arrived with (absent if none)
// (lib/http/client-address.ts reads them.) `npm start` and the test harnesses run this file:
//   node scripts/serve.mjs -H <host> -p <port>
import http from "node:http";
import path from "node:path";
import next from "next";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const argv = process.argv.slice(2);
const flag = (names, fallback) => {
  const at = argv.findIndex((a) => names.includes(a));
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
};
const hostname = flag(["-H", "--hostname"], process.env.HOST || "127.0.0.1");
const port = Number(flag(["-p", "--port"], process.env.PORT || "3000"));

// The engine's http_request tool refuses this port on this machine (engine/tools/http/own-server.ts).
process.env.SWITCHYARD_LISTEN_PORT = String(port);
const app = next({ dev: false, dir: root, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  const forwarded = req.headers["x-forwarded-for"];
  req.headers["x-switchyard-peer"] = req.socket.remoteAddress ?? "";
  if (forwarded === undefined) delete req.headers["x-switchyard-forwarded-for"];
  else req.headers["x-switchyard-forwarded-for"] = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`switchyard: listening on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`);
});
server.on("error", (err) => {
  console.error(`switchyard: cannot listen on ${hostname}:${port}: ${err.message}`);
  process.exit(1);
});
