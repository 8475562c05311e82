#!/usr/bin/env bash
# npm run cluster:up — a local PostgreSQL cluster with automatic failover and the app on it (docs/adr/0007-failover.md):
# etcd (the consensus store) · two Patroni nodes running PostgreSQL with synchronous replication · HAProxy whose write
# port follows the primary · the app (WORKERS=2) with DATABASE_URL on that port. Everything on 127.0.0.1 under
# CLUSTER_DIR; `npm run cluster:down` stops it and removes the folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/cluster/env.sh
source scripts/cluster/env.sh
bash scripts/ensure-system-deps.sh postgresql patroni etcd-server haproxy python3-etcd python3-psycopg2 curl
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

if [ -f "$CLUSTER_DIR/cluster.env" ]; then
  echo "a cluster is already set up in $CLUSTER_DIR (npm run cluster:down first)" >&2
  exit 1
fi
mkdir -p "$CLUSTER_DIR"
chmod 700 "$CLUSTER_DIR"
PG_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
export PG_PASSWORD STATE=$CLUSTER_DIR
# started in a session of its own, so down.sh can stop it with everything it started: start <name> <command…>
start() {
  local name=$1
  shift
  setsid "$@" >"$CLUSTER_DIR/$name.log" 2>&1 </dev/null &
  echo $! >"$CLUSTER_DIR/$name.pid"
}
rest_ok() { curl -fsS -o /dev/null "http://127.0.0.1:$1$2"; }

echo "== etcd on :$ETCD_PORT"
mkdir -p "$CLUSTER_DIR/etcd"
for n in node1 node2; do mkdir -p "$CLUSTER_DIR/$n"; done
[ ${#RUNAS[@]} -eq 0 ] || chown -R postgres "$CLUSTER_DIR"
start etcd "${RUNAS[@]}" etcd --name fivea --data-dir "$CLUSTER_DIR/etcd/data" \
  --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster "fivea=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new
wait_for 30 "etcd" curl -fsS "http://127.0.0.1:$ETCD_PORT/health"

vars='$NODE $REST_PORT $ETCD_PORT $PG_PORT $STATE $PGBIN $PG_PASSWORD'
node_up() {
  local node=$1 pg=$2 rest=$3
  NODE=$node PG_PORT=$pg REST_PORT=$rest envsubst "$vars" <scripts/cluster/patroni.yml.tpl >"$CLUSTER_DIR/$node/patroni.yml"
  chmod 600 "$CLUSTER_DIR/$node/patroni.yml"
  [ ${#RUNAS[@]} -eq 0 ] || chown postgres "$CLUSTER_DIR/$node/patroni.yml"
  start "$node" "${RUNAS[@]}" patroni "$CLUSTER_DIR/$node/patroni.yml"
}
echo "== Patroni node1 (PostgreSQL :$PG_PORT_1, REST :$REST_PORT_1): bootstraps the primary"
node_up node1 "$PG_PORT_1" "$REST_PORT_1"
wait_for 90 "node1 to be primary" rest_ok "$REST_PORT_1" /primary
echo "== Patroni node2 (PostgreSQL :$PG_PORT_2, REST :$REST_PORT_2): cloned from it, the synchronous standby"
node_up node2 "$PG_PORT_2" "$REST_PORT_2"
wait_for 120 "node2 to be the synchronous standby" rest_ok "$REST_PORT_2" /sync

echo "== HAProxy: writes :$WRITE_PORT (the primary), reads :$READ_PORT (the standby), stats http://127.0.0.1:$STATS_PORT/"
STATE=$CLUSTER_DIR envsubst '$STATE $STATS_PORT $WRITE_PORT $READ_PORT $PG_PORT_1 $PG_PORT_2 $REST_PORT_1 $REST_PORT_2' \
  <scripts/cluster/haproxy.cfg.tpl >"$CLUSTER_DIR/haproxy.cfg"
haproxy -c -q -f "$CLUSTER_DIR/haproxy.cfg"
haproxy -f "$CLUSTER_DIR/haproxy.cfg"
# HAProxy starts with every server up until its checks say otherwise: wait until the write port has one server left
write_port_settled() {
  [ "$(curl -fsS "http://127.0.0.1:$STATS_PORT/;csv" | awk -F, '$1 == "primary" && $2 ~ /^node/ && $18 ~ /^UP/' | wc -l)" = 1 ]
}
wait_for 30 "HAProxy to route writes to the primary only" write_port_settled
admin="postgres://postgres:$PG_PASSWORD@127.0.0.1:$WRITE_PORT/postgres"
wait_for 30 "the write port" "$PGBIN/psql" "$admin" -Atc 'select 1'
"$PGBIN/psql" "$admin" -qc 'create database fivea'

DATABASE_URL="postgres://postgres:$PG_PASSWORD@127.0.0.1:$WRITE_PORT/fivea"
cat >"$CLUSTER_DIR/cluster.env" <<ENV
DATABASE_URL=$DATABASE_URL
APP_URL=http://127.0.0.1:$APP_PORT
PG_PASSWORD=$PG_PASSWORD
NODES=node1:$PG_PORT_1:$REST_PORT_1,node2:$PG_PORT_2:$REST_PORT_2
ENV
chmod 600 "$CLUSTER_DIR/cluster.env"

echo "== the app on http://127.0.0.1:$APP_PORT (WORKERS=$APP_WORKERS, DATABASE_URL → HAProxy :$WRITE_PORT)"
# the web build once (npm start builds every time; CLUSTER_BUILD=1 forces it)
if [ ! -f apps/web/dist/index.html ] || [ "${CLUSTER_BUILD:-0}" = 1 ]; then node scripts/build-web.mjs; fi
DATA_DIR="$CLUSTER_DIR/app" DATABASE_URL=$DATABASE_URL PORT=$APP_PORT WORKERS=$APP_WORKERS \
  CONFIG_SECRET_KEY=${CONFIG_SECRET_KEY:-$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')} \
  SMS_SANDBOX=1 PAY_SANDBOX=1 WEATHER_SANDBOX=1 LOG_LEVEL=${LOG_LEVEL:-warn} SWEEP_INTERVAL_SEC=${SWEEP_INTERVAL_SEC:-10} \
  start app node --import tsx apps/server/src/main.ts
wait_for 180 "the app to be ready" curl -fsS "http://127.0.0.1:$APP_PORT/health/ready"

patronictl -c "$CLUSTER_DIR/node1/patroni.yml" list
echo "cluster up: app http://127.0.0.1:$APP_PORT · DATABASE_URL in $CLUSTER_DIR/cluster.env · logs in $CLUSTER_DIR/*.log"
