# Sourced by the cluster scripts: where the local failover cluster lives and its fixed ports (all on 127.0.0.1).
CLUSTER_DIR=${CLUSTER_DIR:-/tmp/5a-cluster}
ETCD_PORT=${ETCD_PORT:-55450}
ETCD_PEER_PORT=${ETCD_PEER_PORT:-55451}
PG_PORT_1=${PG_PORT_1:-55452}
PG_PORT_2=${PG_PORT_2:-55453}
REST_PORT_1=${REST_PORT_1:-55454}
REST_PORT_2=${REST_PORT_2:-55455}
# the app's one address: HAProxy's write port, always the current primary
WRITE_PORT=${WRITE_PORT:-55456}
READ_PORT=${READ_PORT:-55457}
STATS_PORT=${STATS_PORT:-55458}
APP_PORT=${APP_PORT:-19170}
APP_WORKERS=${APP_WORKERS:-2}
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
# the postgres user runs etcd, Patroni and PostgreSQL (initdb refuses root)
RUNAS=()
[ "$(id -u)" = 0 ] && RUNAS=(runuser -u postgres --)
export CLUSTER_DIR ETCD_PORT PG_PORT_1 PG_PORT_2 REST_PORT_1 REST_PORT_2 WRITE_PORT READ_PORT STATS_PORT APP_PORT PGBIN

# waits until a command succeeds: wait_for <seconds> <what> <command…>
wait_for() {
  local secs=$1 what=$2
  shift 2
  local until=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    if [ "$SECONDS" -ge "$until" ]; then
      echo "timed out after ${secs}s waiting for: $what" >&2
      return 1
    fi
    sleep 0.5
  done
}
