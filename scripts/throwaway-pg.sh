#!/usr/bin/env bash
# Sourced by scripts/test.sh: starts a throwaway PostgreSQL (installed from Debian when missing) for the API suite's
# PostgreSQL pass and the two-process test, exports TEST_DATABASE_URL, and stops and removes it when the shell exits.
bash scripts/ensure-system-deps.sh postgresql
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$PGBIN" ] || PGBIN=$(dirname "$(command -v initdb)")
PGDATA=$(mktemp -d /tmp/5a-test-pg.XXXXXX)
PGPORT=${TEST_PG_PORT:-55432}
RUNAS=()
if [ "$(id -u)" = 0 ]; then chown -R postgres "$PGDATA"; RUNAS=(runuser -u postgres --); fi
"${RUNAS[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres -A trust >/dev/null
"${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -o "-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1 -c fsync=off" -l "$PGDATA/log" -w start >/dev/null
stop_throwaway_pg() {
  "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA"
}
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
