#!/bin/sh
# A monitoring agent loads its probe file and schedules every probe (its C
# logic, in awk). Two bugs, both SIGSEGV:
#
#  1. The scheduler keeps a timing wheel of one day of one-second slots,
#         struct list wheel[SECS_PER_DAY + 1];     /* 0 .. 86400 */
#     and files each probe's first run at list_add(&wheel[p->interval], p)
#     without checking the interval: a probe that runs less often than
#     daily (interval above 86400) writes past the wheel. 86400 is fine.
#     The timeout (clamped to the interval) and a report's period (kept in
#     its own cron-like timer) take the same values harmlessly.
#
#  2. Opening a probe: ICMP probes use a raw socket kept in p->icmp and have
#     no p->conn; the TLS step runs on tls=on for any protocol,
#         if (p->tls) p->ssl = tls_wrap(p->conn->fd, p->name);
#     so tls=on on an icmp probe dereferences NULL. TLS on tcp, http and dns
#     (DNS over TLS) is fine, as are icmp probes without TLS; the port is
#     ignored for icmp.
#
# Names, ports, retries and mailboxes play no part.
[ -s "$1" ] || exit 125
awk '
function val(s, k,    v) {
    if (index(s, k "=") != 1) { bad = 1; return "" }
    return substr(s, length(k) + 2)
}
NF == 0 { next }
$1 == "report" && NF == 3 {
    every = val($2, "every") + 0; to = val($3, "to")
    if (every <= 0 || to !~ /^[a-z]+@example\.org$/) bad = 1
    if (bad) exit
    nr++; next
}
$1 == "probe" && NF == 8 {
    name = $2
    interval = val($3, "interval") + 0; timeout = val($4, "timeout") + 0
    proto = val($5, "proto"); port = val($6, "port") + 0
    tls = val($7, "tls"); retries = val($8, "retries") + 0
    if (interval <= 0 || timeout <= 0 || proto !~ /^(tcp|http|dns|icmp)$/ || tls !~ /^(on|off)$/) bad = 1
    if (bad) exit
    np++
    if (timeout > interval) timeout = interval
    # open the probe
    if (tls == "on" && proto == "icmp") {
        printf "agent: probe %s: tls_wrap(p->conn->fd): NULL conn\n", name > "/dev/stderr"
        crash = 1; exit
    }
    # schedule its first run: wheel[interval], 0 .. 86400
    if (interval > 86400) {
        printf "agent: probe %s: wheel slot %d of 86400\n", name, interval > "/dev/stderr"
        crash = 1; exit
    }
    next
}
{ bad = 1; exit }
END {
    if (crash) exit 139
    if (bad || np == 0) exit 125
    printf "agent: %d probes, %d reports scheduled\n", np, nr
    exit 0
}' "$1" >/dev/null
rc=$?
[ $rc = 139 ] && kill -SEGV $$
exit $rc
