#!/usr/bin/env bash
# npm run cluster:down — stops what cluster:up started (app, HAProxy, Patroni with its PostgreSQL, etcd) and removes
# CLUSTER_DIR (KEEP=1 keeps it, for the logs).
set -uo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/cluster/env.sh
source scripts/cluster/env.sh
[ -d "$CLUSTER_DIR" ] || { echo "no cluster in $CLUSTER_DIR"; exit 0; }
# stops the session a pid file names (setsid made each process its group's leader), then waits for it
stop() {
  local file="$CLUSTER_DIR/$1.pid" signal=${2:-TERM} pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  kill "-$signal" -- "-$pid" 2>/dev/null || kill "-$signal" "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$file"
}
stop app
stop haproxy
# Patroni stops its PostgreSQL on TERM
stop node2
stop node1
# a postmaster left behind (its Patroni killed), stopped by its data folder
for n in node1 node2; do
  if [ -f "$CLUSTER_DIR/$n/data/postmaster.pid" ]; then
    "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$CLUSTER_DIR/$n/data" -m immediate stop >/dev/null 2>&1 || true
  fi
done
stop etcd
if [ "${KEEP:-0}" = 1 ]; then echo "stopped; kept $CLUSTER_DIR"; else rm -rf "$CLUSTER_DIR"; echo "stopped; removed $CLUSTER_DIR"; fi
