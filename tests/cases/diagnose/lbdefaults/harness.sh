#!/bin/sh
# a TCP load balancer's daemon (its C logic, in awk for speed), run by its
# test in check mode ("lbd -c FILE": load the configuration, build the
# backends and their server pools, report and exit). Directives before the
# first "backend" line are the defaults; after it they belong to the
# current backend. The parser keeps the current section in a pointer that
# is NULL in the defaults; timeout, health and log directives allow for
# that, server lines were never meant to appear there and do not:
#
#     case KW_TIMEOUT: case KW_HEALTH:
#         p = cur ? cur : &defaults;       /* a default or the backend's */
#         ...
#     case KW_SERVER:
#         s = server_new(arg[1], arg[2]);
#         s->next = cur->servers;          /* cur == NULL in the defaults */
#         cur->servers = s;
#         cur->nservers++;
#
# so a server line with no backend line before it (the configuration
# starts with its servers, or has no backend at all) dereferences NULL
# (SIGSEGV) instead of being rejected as "server outside a backend". Servers
# after a backend line, backends without servers, a configuration with no
# backend (a warning in check mode), repeated backend names (the sections
# are merged, with a warning) and defaults anywhere pass; names, ports,
# addresses, durations and log settings play no part. A line the parser
# does not know is a configuration error (125).
ulimit -c 0
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { cur = ""; nb = 0; nsrv = 0 }
function ms(d) { return d ~ /ms$/ ? d + 0 : (d + 0) * 1000 }
/^backend [a-z0-9_-]+ :[0-9]+$/ {
    cur = $2
    if (cur in port) printf "lbd: [WARNING] line %d: backend %s defined again: sections merged\n", NR, cur > "/dev/stderr"
    else { order[++nb] = cur; nservers[cur] = 0 }
    port[cur] = substr($3, 2) + 0
    next
}
/^server [a-z0-9_-]+ (\[[0-9a-f:]+\]|[0-9.]+):[0-9]+$/ {
    if (cur == "") {                       # cur->servers with cur == NULL
        printf "lbd: line %d: %s\n", NR, $0 > "/dev/stderr"
        segv = 1; exit
    }
    nservers[cur]++; nsrv++; srvaddr[cur, nservers[cur]] = $3
    next
}
/^timeout (connect|client|server) [0-9]+(ms|s)$/ {
    if (cur == "") dflt_timeout[$2] = ms($3); else timeout[cur, $2] = ms($3)
    next
}
/^health (tcp|http \/[a-z]*) every [0-9]+(ms|s)$/ {
    if (cur == "") dflt_check = $2; else check[cur] = $2
    next
}
/^log [a-z0-9]+ (emerg|err|warning|notice|info|debug)$/ { logfac = $2; loglevel = $3; next }
{ bad = 1; exit }
END {
    if (segv) exit 139
    if (bad || NR == 0) exit 125
    if (nb == 0) printf "lbd: [WARNING] no backend defined: nothing to serve\n" > "/dev/stderr"
    for (i = 1; i <= nb; i++) {
        b = order[i]
        if (nservers[b] == 0) printf "lbd: [WARNING] backend %s has no server available\n", b > "/dev/stderr"
        printf "backend %s on :%d, %d servers\n", b, port[b], nservers[b]
    }
    printf "Configuration file is valid (%d backends, %d servers)\n", nb, nsrv
    exit 0
}' "$f"
rc=$?
[ $rc = 139 ] && kill -SEGV $$
exit $rc
