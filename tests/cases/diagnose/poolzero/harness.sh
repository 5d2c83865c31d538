#!/bin/sh
# a load balancer (its C logic in awk) routes one probe request through each
# pool, drawing a server by weight: pick = hash % total, the sum of the
# pool's weights. Weight 0 means "never pick", and nothing checks that some
# server has more: a pool whose every weight is 0 divides by zero (SIGFPE).
# Method, addresses, ports and maxconn play no part.
exec awk '
/^pool / { np++; name[np] = $2; next }
/^  server / { split($3, w, "="); total[np] += w[2]; ns[np]++; next }
END {
    for (p = 1; p <= np; p++) {
        if (total[p] == 0) {
            printf "pool %s: %d servers, total weight 0: pick = hash %% total: division by zero\n", name[p], ns[p] > "/dev/stderr"
            system("kill -FPE $PPID"); exit 136
        }
        printf "pool %s: %d servers, total weight %d, probe -> server %d\n", name[p], ns[p], total[p], 1 + 12345 % total[p]
    }
    exit 0
}' "$1"
