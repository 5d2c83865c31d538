#!/bin/sh
# a user-space RAID-1 driver (a mirror for a storage appliance, its C logic
# in awk for speed) assembling its array from the member list and reading
# the array's bitmap superblock. Members are "active" (in sync, serving
# reads and writes), "write-mostly" (in sync, a slow disk that takes the
# writes and should serve reads only when nothing else can), "spare" or
# "faulty". Reads go through the read balancer:
#
#   static int read_balance(struct mirror *m, sector_t s)
#   {
#       int n = 0, cand[MAX_MEMBERS];
#       for (int i = 0; i < m->nmembers; i++)
#           if (m->member[i].state == ACTIVE)   /* write-mostly skipped */
#               cand[n++] = i;
#       return cand[(s >> 7) % n];              /* no fallback, no n == 0 check */
#   }
#
# md's raid1 falls back to a write-mostly disk when no other one can
# serve; this one does not, and with no active member at all the modulo
# divides by zero before anything checks that the array can run: the very
# first read (the superblock at sector 8) dies of SIGFPE. Sizes play no
# part in it (the array is as large as its smallest in-sync member). A
# line outside the format is no member list (125).
ulimit -c 0
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
/^member \/dev\/(sd[a-z]|nvme[0-9]n1) (active|write-mostly|spare|faulty) size=[1-9][0-9]*$/ {
    n++; dev[n] = substr($2, 6); state[n] = $3; size[n] = substr($4, 6) + 0; next
}
{ bad = 1; exit }
function read_balance(s,   i, k) {
    k = 0
    for (i = 1; i <= n; i++) if (state[i] == "active") cand[k++] = i
    if (k == 0) return -1                   # (s >> 7) % 0: SIGFPE in the C driver
    return cand[int(s / 128) % k]
}
END {
    if (bad || n == 0) exit 125
    insync = 0; asize = 0
    for (i = 1; i <= n; i++)
        if (state[i] == "active" || state[i] == "write-mostly") {
            insync++
            if (asize == 0 || size[i] < asize) asize = size[i]
        }
    m = read_balance(8)
    if (m < 0) {
        printf "mirrord: read_balance: integer division by zero reading sector 8 (%d members, %d in sync, 0 readable)\n", n, insync > "/dev/stderr"
        exit 136
    }
    printf "mirrord: md0: %d MiB, %d/%d in sync, superblock read from %s\n", asize, insync, n, dev[m]
    exit 0
}' "$f"
rc=$?
[ $rc = 136 ] && kill -FPE $$
exit $rc
