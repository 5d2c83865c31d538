#!/bin/sh
# a worker-pool daemon's configuration loader (its C logic, in awk for
# speed). Per pool it pins the workers to CPUs 0..workers-1 in a cpu set of
# one 64-bit word (CPU_SET on a fixed-size mask): a worker numbered 64 or
# above falls outside the set, the daemon's bounds check aborts the load
# (exit 1). Each pool's packet ring is carved into 2048-byte slots (one
# MTU-sized buffer each) and a packet's slot is its sequence number modulo
# the slot count: a ring smaller than one slot has no slots, and the first
# enqueue divides by zero (the C daemon dies of SIGFPE; its supervisor
# reports exit 1). An idle timeout of 0 means "never". A line that is not a
# pool line is a syntax error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { SLOT = 2048; NWORDS = 1; WORDBITS = 64; n = 0 }
{
    if ($0 !~ /^pool [a-z][a-z0-9]* workers=[1-9][0-9]* ring=[1-9][0-9]* idle=(0|[1-9][0-9]*)$/) bad = 1
    line[++n] = $0
}
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        split(line[i], f, /[ =]/)
        name = f[2]; workers = f[4] + 0; ring = f[6] + 0; idle = f[8] + 0
        # CPU_SET(cpu, &set) for every worker: set.bits[cpu / 64] |= 1 << (cpu % 64)
        for (cpu = 0; cpu < workers; cpu++) {
            word = int(cpu / WORDBITS)
            if (word >= NWORDS) {
                printf "pool %s: CPU_SET(%d): cpu outside the set\n", name, cpu > "/dev/stderr"
                exit 1
            }
            bits[word] = 1
        }
        # ring: slots = ring / SLOT; first enqueue: slot = seq % slots
        slots = int(ring / SLOT)
        seq = 0
        if (slots == 0) {
            printf "pool %s: ring of %d bytes: integer modulo by zero (SIGFPE)\n", name, ring > "/dev/stderr"
            exit 1
        }
        slot = seq % slots
        total += workers
    }
    printf "started %d pools, %d workers\n", n, total
    exit 0
}
' "$f"
