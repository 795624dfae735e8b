#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs (Debian chromium for
# Playwright, npm packages), then typecheck, lint, unit/integration tests, build, e2e.
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

step "typecheck"; npm run typecheck
step "lint"; npm run lint
step "unit and integration tests"; npm test
step "build"; npm run build
if compgen -G "tests/integration/*.test.ts" >/dev/null; then
  step "integration tests (built server)"; npm run test:integration
fi
if compgen -G "e2e/*.spec.ts" >/dev/null; then
  step "end-to-end tests"; npm run test:e2e
fi
step "all green"
