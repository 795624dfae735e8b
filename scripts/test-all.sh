#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs (Debian chromium for
# Playwright, npm packages, a PostgreSQL server), then typecheck, lint, unit tests (SQLite and
# PostgreSQL alike), build, the integration and e2e suites on SQLite and again on PostgreSQL
# (SWITCHYARD_TEST_BACKEND=postgres: each server on a database of its own), and the unit,
# build and SQLite integration steps again on Node 24 (scripts/test-on-node.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  step "installing Debian chromium"
  if [ "$(id -u)" = 0 ]; then APT=(apt-get); else APT=(sudo apt-get); fi
  "${APT[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${APT[@]}" install -y -qq chromium >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi

# PostgreSQL for the tests (lib/db/postgres): the server SWITCHYARD_TEST_DATABASE_URL names, the one on
# 127.0.0.1:5432, or a throwaway cluster stopped when this script exits.
step "PostgreSQL for the tests"; source scripts/test-postgres.sh

step "typecheck"; npm run typecheck
step "lint"; npm run lint
step "unit tests"; npm test
step "build"; npm run build
if compgen -G "tests/integration/*.test.ts" >/dev/null; then
  step "integration tests (built server, SQLite)"; npm run test:integration
  step "integration tests (built server, PostgreSQL)"; SWITCHYARD_TEST_BACKEND=postgres npm run test:integration
fi
if compgen -G "e2e/*.spec.ts" >/dev/null; then
  step "end-to-end tests (SQLite)"; npm run test:e2e
  step "end-to-end tests (PostgreSQL)"; SWITCHYARD_TEST_BACKEND=postgres npm run test:e2e
fi
# Node 20 runs the suite above; people run the server on the current LTS.
if [ -z "${SWITCHYARD_NODE_LEG:-}" ] && [ "$(node -p 'process.versions.node.split(".")[0]')" != 24 ]; then
  step "unit, build and integration tests on Node 24"; bash scripts/test-on-node.sh 24
fi
step "all green"
