#!/usr/bin/env bash
# npm run pg:pitr-drill — PostgreSQL point-in-time recovery exercised once, end to end, on a throwaway instance
# (docs/deployment.md, "Backups and point-in-time recovery"): a server archiving its WAL to a folder, a base backup
# (pg_basebackup), rows A, the time noted, rows B, then a restore of the base backup into a new data folder replaying
# the archive up to the noted time. The restored server must have every row of A and none of B. Removes everything.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh postgresql
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
PORT=${PITR_PORT:-55460}
RESTORED_PORT=${PITR_RESTORED_PORT:-55461}
ROWS=${PITR_ROWS:-10000}
DIR=$(mktemp -d /tmp/5a-pitr.XXXXXX)
RUNAS=()
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; RUNAS=(runuser -u postgres --); fi
as_pg() { "${RUNAS[@]}" "$@"; }
psql_at() { "$PGBIN/psql" -X -q -h 127.0.0.1 -p "$1" -U postgres -d postgres -Atc "$2"; }
now_ms() { date +%s%3N; }
step() { printf '%-58s %6s ms\n' "$1" "$(($(now_ms) - $2))"; }

cleanup() {
  for d in "$DIR/live" "$DIR/restored"; do
    [ -f "$d/postmaster.pid" ] && as_pg "$PGBIN/pg_ctl" -D "$d" -m immediate stop >/dev/null 2>&1
  done
  rm -rf "$DIR"
}
trap cleanup EXIT
began=$(now_ms)

# 1. a server that archives every finished WAL segment into a folder (in production: another disk or machine)
t=$(now_ms)
as_pg mkdir "$DIR/archive"
as_pg "$PGBIN/initdb" -D "$DIR/live" -U postgres -A trust >/dev/null
cat >>"$DIR/live/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $DIR/archive/%f && cp %p $DIR/archive/%f'
CONF
as_pg "$PGBIN/pg_ctl" -D "$DIR/live" -l "$DIR/live.log" -w start >/dev/null
psql_at "$PORT" "create table drill (id bigserial primary key, batch text not null, at timestamptz not null default clock_timestamp())"
step "server with archive_mode on started" "$t"

# 2. the base backup: a copy of the running server, consistent with the WAL archived from its start on
t=$(now_ms)
as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U postgres -D "$DIR/base" -Fp -X none -c fast
step "base backup (pg_basebackup)" "$t"

# 3. rows A, the time to recover to, then rows B
psql_at "$PORT" "insert into drill (batch) select 'A' from generate_series(1, $ROWS)"
target=$(psql_at "$PORT" "select clock_timestamp()")
sleep 1
psql_at "$PORT" "insert into drill (batch) select 'B' from generate_series(1, $ROWS)"
# B's segment is archived too (a switch closes it): recovery needs a commit after the target to know where to stop
t=$(now_ms)
segment=$(psql_at "$PORT" "select pg_walfile_name(pg_switch_wal())")
until [ -f "$DIR/archive/$segment" ]; do sleep 0.2; done
step "rows A, target noted, rows B; WAL archived" "$t"
echo "  recovery target: $target"

# 4. the restore: the base backup into a new folder, recovery.signal, the archive as restore_command, the target
t=$(now_ms)
as_pg cp -a "$DIR/base" "$DIR/restored"
cat >>"$DIR/restored/postgresql.conf" <<CONF
port = $RESTORED_PORT
restore_command = 'cp $DIR/archive/%f %p'
recovery_target_time = '$target'
recovery_target_action = 'promote'
archive_mode = off
CONF
as_pg touch "$DIR/restored/recovery.signal"
as_pg "$PGBIN/pg_ctl" -D "$DIR/restored" -l "$DIR/restored.log" -w -t 120 start >/dev/null
until [ "$(psql_at "$RESTORED_PORT" "select pg_is_in_recovery()" 2>/dev/null)" = f ]; do sleep 0.2; done
step "restored to the target and promoted" "$t"

# 5. the verdict
a=$(psql_at "$RESTORED_PORT" "select count(*) from drill where batch = 'A'")
b=$(psql_at "$RESTORED_PORT" "select count(*) from drill where batch = 'B'")
live_b=$(psql_at "$PORT" "select count(*) from drill where batch = 'B'")
stopped=$(grep -o 'recovery stopping before commit of transaction [0-9]*, time [0-9: .+-]*' "$DIR/restored.log" | head -1 || true)
total_ms=$(($(now_ms) - began))
echo "server before the restore: rows B $live_b; restored: rows A $a of $ROWS, rows B $b (must be 0)"
[ -n "$stopped" ] && echo "PostgreSQL: $stopped"
if [ "$a" = "$ROWS" ] && [ "$b" = 0 ]; then
  echo "PITR drill passed in $((total_ms / 1000)).$(((total_ms % 1000) / 100)) s (PostgreSQL $("$PGBIN/postgres" -V | awk '{print $3}'), $ROWS rows per batch)"
else
  echo "PITR drill FAILED: expected $ROWS rows A and none of B"
  exit 1
fi
