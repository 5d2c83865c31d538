#!/bin/sh
# an embedded MQTT broker loading its configuration (its C logic, in awk
# for speed). [listener] sections are the addresses and ports the broker
# serves, [bridge] sections the upstream brokers it connects to as a
# client; both take address, port, keepalive and qos lines, and each line
# goes at once to its section's setter.
#
# bridge:   the keepalive is sent in the bridge's CONNECT packet (a 16-bit
#           field; 0 turns keepalive off, as MQTT 3.1.1 says):
#               b->keepalive = n;
#
# listener: the keepalive is the default for clients that connect without
#           one. A client is dropped 1.5 keepalives after its last packet,
#           and the listener keeps its clients on a timer wheel of 600
#           one-second slots (ten minutes, sized for the usual 60 s); the
#           setter arms the default bucket right away:
#               l->grace = n + n / 2;
#               assert(l->grace < WHEEL_SLOTS);     /* 600 */
#               l->bucket = &l->wheel[l->grace];
#
# A keepalive of 400 or more in a [listener] section puts the grace at 600
# or beyond, past the wheel: the assertion aborts the broker (SIGABRT). The
# same value in a [bridge] section is fine (the bridge keeps no wheel), and
# addresses, ports and QoS levels play no part. A line outside the format
# is a configuration error (125).
ulimit -c 0
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { WHEEL_SLOTS = 600; sec = ""; nsec = 0 }
/^\[(listener|bridge) [a-z][a-z0-9]*\]$/ {
    sec = substr($1, 2); nsec++; name[nsec] = substr($2, 1, length($2) - 1); next
}
/^address (0\.0\.0\.0|127\.0\.0\.1|10\.0\.[0-9]\.[1-9][0-9]?)$/ || /^port [1-9][0-9]*$/ || /^keepalive (0|[1-9][0-9]*)$/ || /^qos [012]$/ {
    if (sec == "") { bad = 1; exit }
    key = $1; v = $2
    if (key == "keepalive") {
        n = v + 0
        if (sec == "bridge") {
            if (n > 65535) { bad = 1; exit }
            keepalive[nsec] = n
        } else {
            grace = n + int(n / 2)
            if (grace >= WHEEL_SLOTS) {
                printf "mqttd: src/listener.c:212: listener_set_keepalive: Assertion `l->grace < WHEEL_SLOTS'"'"' failed (listener %s, keepalive %d, grace %d)\n", name[nsec], n, grace > "/dev/stderr"
                aborted = 1; exit
            }
            keepalive[nsec] = n; bucket[nsec] = grace
        }
    } else if (key == "port") port[nsec] = v + 0
    else if (key == "address") addr[nsec] = v
    else qos[nsec] = v + 0
    next
}
{ bad = 1; exit }
END {
    if (aborted) exit 134
    if (bad || nsec == 0) exit 125
    printf "mqttd: %d sections loaded\n", nsec
    exit 0
}' "$f"
rc=$?
[ $rc = 134 ] && kill -ABRT $$
exit $rc
