#!/usr/bin/env bash
# Sourced by scripts/test.sh: starts a throwaway PostgreSQL (installed from Debian when missing) and a streaming
# replica of it for the API suite's PostgreSQL pass and the two-process test, exports TEST_DATABASE_URL and
# TEST_DATABASE_READ_URL, and stops and removes both when the shell exits.
bash scripts/ensure-system-deps.sh postgresql
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$PGBIN" ] || PGBIN=$(dirname "$(command -v initdb)")
PGDATA=$(mktemp -d /tmp/5a-test-pg.XXXXXX)
PGPORT=${TEST_PG_PORT:-55432}
# the replica: its own folder and the next port
PGREPLICA=$(mktemp -d /tmp/5a-test-pg-replica.XXXXXX)
PGREPLICA_PORT=$((PGPORT + 1))
RUNAS=()
if [ "$(id -u)" = 0 ]; then chown -R postgres "$PGDATA" "$PGREPLICA"; RUNAS=(runuser -u postgres --); fi
"${RUNAS[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres -A trust >/dev/null
# wal_level replica and walsenders are the defaults; the replica's connection is local and trusted (initdb -A trust)
"${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -o "-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1 -c fsync=off -c wal_level=replica" -l "$PGDATA/log" -w start >/dev/null
# a base backup of the still empty cluster (a few MB: fast) with -R: standby.signal and primary_conninfo written for it;
# the slot keeps the WAL the replica has not yet received. -c fast: no wait for a spread checkpoint
rmdir "$PGREPLICA" 2>/dev/null || true
"${RUNAS[@]}" "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PGPORT" -U postgres -D "$PGREPLICA" -R -X stream -c fast -C -S fivea_test_replica 2>&1 >/dev/null |
  { grep -v 'skipping special file' >&2 || true; }
"${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGREPLICA" -o "-p $PGREPLICA_PORT -k $PGREPLICA -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby_feedback=on" -l "$PGREPLICA/log" -w start >/dev/null
stop_throwaway_pg() {
  "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGREPLICA" -m immediate stop >/dev/null 2>&1 || true
  "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA" "$PGREPLICA"
}
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
export TEST_DATABASE_READ_URL="postgres://postgres@127.0.0.1:$PGREPLICA_PORT/postgres"
