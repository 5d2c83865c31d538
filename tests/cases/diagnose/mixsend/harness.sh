#!/bin/sh
# a mixer console (its C logic in awk) loads a scene in three passes. Parse:
# each channel's send is resolved to bus[aux-1] of a calloc'd table of 8 bus
# pointers of which only "buses" are set: a send to an aux above the bus
# count dereferences NULL (SIGSEGV). Check: a gain above +15 dB is an error
# (exit 2). Apply: a channel number given twice trips assert(!ch->set) (SIGABRT).
exec awk '
NR == 1 { split($3, b, "="); nbus = b[2] + 0; for (i = 1; i <= 8; i++) bus[i] = (i <= nbus) ? "aux" i : ""; next }
{
    n++; num[n] = $2 + 0
    split($3, g, "="); gain[n] = g[2] + 0
    split($5, s, "=aux"); a = s[2] + 0
    if (bus[a] == "") { crash = 1; exit }          # bus[a-1]->level: NULL
    send[n] = bus[a]
}
END {
    if (crash) { printf "ch %d: send to aux%d of %d buses: bus pointer NULL\n", $2, a, nbus > "/dev/stderr"; system("kill -SEGV $PPID"); exit 139 }
    for (i = 1; i <= n; i++)
        if (gain[i] > 15) { printf "scene: ch %d: gain %+d dB out of range (-9..+15)\n", num[i], gain[i] > "/dev/stderr"; exit 2 }
    for (i = 1; i <= n; i++) {
        if (set[num[i]]++) { printf "mixer: scene.c:214: apply: Assertion `!ch->set'"'"' failed (ch %d)\n", num[i] > "/dev/stderr"; system("kill -ABRT $PPID"); exit 134 }
        printf "ch %d -> %s, gain %+d dB\n", num[i], send[i], gain[i]
    }
    exit 0
}' "$1"
