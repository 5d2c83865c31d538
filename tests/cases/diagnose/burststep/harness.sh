#!/bin/sh
# an API gateway's rate limiter (its C logic, in awk for speed), started by
# its test with "-t" (plan every bucket and exit). The buckets are refilled
# from the gateway's 100 Hz tick. A route allowed at most 100 requests a
# second gets one token every HZ / rate ticks. Faster routes cannot be fed
# one token a tick, so they are refilled in batches of a tenth of the bucket
# (so that a drained bucket does not jump back to full at once), on a
# high-resolution timer firing rate / batch times a second:
#
#     if (l->rate <= HZ) {
#         l->ticks_per_token = HZ / l->rate;
#     } else {
#         l->batch = l->burst / 10;             /* 0 for a burst under 10 */
#         l->timer_hz = l->rate / l->batch;     /* SIGFPE */
#     }
#
# A route faster than 100/s whose burst is under 10 makes the batch 0 and
# the planner dies of an integer division by zero (SIGFPE). A slow route
# with a small burst (even burst=0: strictly paced, nothing queued) and a
# fast route with a burst of 10 or more are fine; what the buckets are kept
# by and the route play no part. A line the gateway does not know is a
# syntax error (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { HZ = 100; n = 0 }
/^limit \/[a-z]+ rate=[1-9][0-9]*\/s burst=(0|[1-9][0-9]*) by (ip|user|token)$/ {
    n++
    route[n] = $2
    r = $3; sub(/^rate=/, "", r); sub(/\/s$/, "", r); rate[n] = r + 0
    b = $4; sub(/^burst=/, "", b); burst[n] = b + 0
    key[n] = $6
    next
}
{ bad = 1; exit }
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        if (rate[i] <= HZ) {
            tpt = int(HZ / rate[i])
            printf "%s: 1 token every %d ticks, bucket %d, per %s\n", route[i], tpt, burst[i], key[i]
        } else {
            batch = int(burst[i] / 10)
            if (batch == 0) {
                printf "%s: rate %d/s burst %d: integer division by zero\n", route[i], rate[i], burst[i] > "/dev/stderr"
                exit 99
            }
            thz = int(rate[i] / batch)
            printf "%s: %d tokens at %d Hz, bucket %d, per %s\n", route[i], batch, thz, burst[i], key[i]
        }
    }
    exit 0
}' "$f"
rc=$?
[ $rc = 99 ] && kill -FPE $$
exit $rc
