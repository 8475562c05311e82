# Patroni node ${NODE} of the local failover cluster (scripts/cluster/up.sh fills the ${…} fields).
scope: fivea
namespace: /fivea/
name: ${NODE}

restapi:
  listen: 127.0.0.1:${REST_PORT}
  connect_address: 127.0.0.1:${REST_PORT}

etcd3:
  hosts: 127.0.0.1:${ETCD_PORT}

bootstrap:
  dcs:
    # failover within seconds: the leader key lives ttl seconds; loop_wait + 2 × retry_timeout must stay within ttl
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    # a crashed primary is not restarted in place: the synchronous standby takes over at once
    primary_start_timeout: 0
    # a commit returns only once the standby has it; Patroni promotes only that standby, so no acknowledged write is lost
    synchronous_mode: true
    # not strict: with the standby gone the primary goes on alone (asynchronous) instead of blocking every write
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 128MB
        max_connections: 100
        # read by a standby when Patroni makes it primary after a failover
        synchronous_commit: "on"
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256

postgresql:
  listen: 127.0.0.1:${PG_PORT}
  connect_address: 127.0.0.1:${PG_PORT}
  data_dir: ${STATE}/${NODE}/data
  bin_dir: ${PGBIN}
  pgpass: ${STATE}/${NODE}/pgpass
  authentication:
    superuser:
      username: postgres
      password: ${PG_PASSWORD}
    replication:
      username: replicator
      password: ${PG_PASSWORD}
    rewind:
      username: postgres
      password: ${PG_PASSWORD}
  parameters:
    unix_socket_directories: ${STATE}/${NODE}

log:
  dir: ${STATE}/${NODE}
  level: INFO

tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
