#!/bin/sh
# a replicated key-value store (its C logic in awk) loading its cluster file.
# For a raft cluster it sizes the failure budget from the voting members,
# f = (voters - 1) / 2, and spreads election timeouts as timeout_ms / f: a
# raft cluster of fewer than 3 voters gets f = 0 and divides by zero
# (SIGFPE). Learners do not vote; other modes never compute f.
exec awk '
{
    split($3, m, "="); mode = m[2]
    split($4, t, "="); tmo = t[2] + 0
    voters = 0; learners = 0
    for (i = 6; i <= NF; i++) if ($i ~ /^voter=/) voters++; else learners++
    if (mode == "raft") {
        f = int((voters - 1) / 2)
        if (f == 0) {
            printf "cluster %s: raft with %d voters: election spread %d / f, f = 0: integer division by zero\n", $2, voters, tmo > "/dev/stderr"
            crash = 1; exit
        }
        printf "cluster %s: raft, %d voters (tolerates %d), %d learners, election spread %d ms\n", $2, voters, f, learners, int(tmo / f)
    } else
        printf "cluster %s: %s replication to %d peers\n", $2, mode, voters + learners
}
END { if (crash) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
