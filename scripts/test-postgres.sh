# A PostgreSQL server for the tests, on any machine. Sourced (by scripts/test-all.sh and
# scripts/test-on-node.sh, or by hand: `source scripts/test-postgres.sh && npm test`), it
# exports SWITCHYARD_TEST_DATABASE_URL, the server each test makes its own database on
# (lib/db/postgres/test-database.ts):
#   1. SWITCHYARD_TEST_DATABASE_URL already set: that server.
#   2. else a server answering on 127.0.0.1:5432: postgres://postgres@127.0.0.1:5432/postgres.
#   3. else a throwaway cluster of its own: Debian's `postgresql` installed if its binaries are
#      missing, initdb'd in a temp dir (as the `postgres` user when run as root: PostgreSQL
#      refuses to run as root), trust auth, a free port on 127.0.0.1, its socket in that dir,
#      and stopped and removed when the sourcing shell exits.
# SWITCHYARD_TEST_PG=throwaway takes step 3 whatever is running (to test that path).

_sypg_log() { printf 'test-postgres: %s\n' "$*" >&2; }

# 127.0.0.1:5432 accepts connections: pg_isready if there is one, else a connection with pg.
_sypg_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432 -t 3
  else
    node -e 'const c = new (require("pg").Client)({ host: "127.0.0.1", port: 5432, user: "postgres", database: "postgres", connectionTimeoutMillis: 3000 });
      c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));' 2>/dev/null
  fi
}

# The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/<major>/bin).
_sypg_bindir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then printf '%s' "$dir"; return; fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; fi
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
_sypg_as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

_sypg_stop() {
  if [ -n "${_SYPG_DIR:-}" ]; then
    _sypg_as_owner "$_SYPG_BIN/pg_ctl" -D "$_SYPG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$_SYPG_DIR"
    _SYPG_DIR=""
  fi
}

_sypg_throwaway() {
  local started=$SECONDS bin
  bin="$(_sypg_bindir)"
  if [ -z "$bin" ]; then
    _sypg_log "installing Debian postgresql"
    local apt=(apt-get)
    [ "$(id -u)" = 0 ] || apt=(sudo apt-get)
    "${apt[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq postgresql >/dev/null
    bin="$(_sypg_bindir)"
    [ -n "$bin" ] || { _sypg_log "no initdb after installing postgresql"; return 1; }
  fi
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then useradd --system --no-create-home --shell /usr/sbin/nologin postgres; fi

  # In /tmp, not $TMPDIR: the postgres user must reach it.
  _SYPG_BIN="$bin"
  _SYPG_DIR="$(mktemp -d /tmp/switchyard-pg-XXXXXX)"
  [ "$(id -u)" = 0 ] && chown postgres "$_SYPG_DIR"
  # Stop and remove it when the sourcing shell exits, before whatever that shell's own EXIT trap does.
  _SYPG_PREV_TRAP="$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/; s/'\\\\''/'/g")"
  trap '_sypg_stop; eval "${_SYPG_PREV_TRAP:-}"' EXIT

  local port
  port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
  _sypg_as_owner "$bin/initdb" -D "$_SYPG_DIR/data" -U postgres -A trust -E UTF8 --no-locale --no-sync --no-instructions >"$_SYPG_DIR/initdb.log" 2>&1 \
    || { cat "$_SYPG_DIR/initdb.log" >&2; return 1; }
  # Durability is of no use to a throwaway cluster: no fsync, small buffers (2 cores, many test files).
  _sypg_as_owner "$bin/pg_ctl" -D "$_SYPG_DIR/data" -l "$_SYPG_DIR/server.log" -w -t 60 \
    -o "-p $port -k $_SYPG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=32MB" start >/dev/null \
    || { cat "$_SYPG_DIR/server.log" >&2; return 1; }
  export SWITCHYARD_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  # Shells started from here (scripts/test-on-node.sh) use this cluster rather than make another.
  unset SWITCHYARD_TEST_PG
  _sypg_log "throwaway PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, $_SYPG_DIR ($((SECONDS - started))s)"
}

if [ "${SWITCHYARD_TEST_PG:-}" = throwaway ]; then
  _sypg_throwaway
elif [ -n "${SWITCHYARD_TEST_DATABASE_URL:-}" ]; then
  _sypg_log "using SWITCHYARD_TEST_DATABASE_URL"
elif _sypg_answers; then
  export SWITCHYARD_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  _sypg_log "using the server on 127.0.0.1:5432"
else
  _sypg_throwaway
fi
