# HAProxy in front of the Patroni nodes (scripts/cluster/up.sh fills the ${…} fields). The app knows one address,
# the write port: HAProxy sends it to the node whose Patroni REST API answers GET /primary with 200.
global
    maxconn 500
    pidfile ${STATE}/haproxy.pid
    daemon

defaults
    mode tcp
    log global
    retries 2
    timeout connect 2s
    timeout client 30m
    timeout server 30m
    timeout check 1s

listen stats
    mode http
    bind 127.0.0.1:${STATS_PORT}
    stats enable
    stats uri /

listen primary
    bind 127.0.0.1:${WRITE_PORT}
    option httpchk GET /primary
    http-check expect status 200
    # checked every second; a node leaving the primary role loses its connections at once (shutdown-sessions), so
    # no client stays on a demoted or dead node
    default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
    server node1 127.0.0.1:${PG_PORT_1} maxconn 100 check port ${REST_PORT_1}
    server node2 127.0.0.1:${PG_PORT_2} maxconn 100 check port ${REST_PORT_2}

listen replicas
    bind 127.0.0.1:${READ_PORT}
    balance roundrobin
    option httpchk GET /replica
    http-check expect status 200
    default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
    server node1 127.0.0.1:${PG_PORT_1} maxconn 100 check port ${REST_PORT_1}
    server node2 127.0.0.1:${PG_PORT_2} maxconn 100 check port ${REST_PORT_2}
