#!/bin/sh
# a load balancer's configuration loader (its C logic, in awk for speed),
# started by its test with "-t" (load the configuration and exit). Each
# upstream header declares how many servers the pool holds; the loader
# allocates exactly that many slots and fills them in the order the server
# lines come, trusting the header:
#
#     p->slot = calloc(p->nservers, sizeof *p->slot);
#     ...
#     struct server *s = &p->slot[p->filled++];   /* no check against nservers */
#     s->host = strdup(host); s->port = port; s->weight = weight;
#
# A pool with more server lines than it declares writes past its array:
# AddressSanitizer's heap-buffer-overflow (exit 1). Fewer lines leave slots
# zeroed, and the balancer skips a slot whose port is 0, so a short pool
# (even one with no servers at all: it is marked down) loads fine. Hosts,
# ports, weights and pool names play no part. A line the loader does not
# know is a syntax error (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
/^upstream [a-z][a-z0-9_]* servers=[0-9]+$/ {
    np++
    pname[np] = $2
    n = $3; sub(/^servers=/, "", n)
    nservers[np] = n + 0            # calloc(n, sizeof *slot)
    filled[np] = 0
    next
}
/^  server [a-z]+[0-9]:[0-9]+ weight=[1-9]$/ {
    if (np == 0) { bad = 1; exit }
    split($2, hp, ":"); w = $3; sub(/^weight=/, "", w)
    i = filled[np]++
    if (i >= nservers[np]) {
        printf "==ERROR: AddressSanitizer: heap-buffer-overflow: WRITE of size 24 at slot %d of %d (upstream %s, server %s)\n", i, nservers[np], pname[np], $2 > "/dev/stderr"
        crashed = 1; exit
    }
    host[np, i] = hp[1]; port[np, i] = hp[2] + 0; weight[np, i] = w + 0
    next
}
{ bad = 1; exit }
END {
    if (crashed) exit 1
    if (bad || np == 0) exit 125
    for (p = 1; p <= np; p++) {
        live = 0; total = 0
        for (i = 0; i < nservers[p]; i++)
            if (port[p, i] + 0 != 0) { live++; total += weight[p, i] }
        if (live == 0) printf "upstream %s: no servers, marked down\n", pname[p]
        else printf "upstream %s: %d of %d slots live, total weight %d\n", pname[p], live, nservers[p], total
    }
    exit 0
}' "$f"
