#!/bin/sh
# an ifupdown-like network configurator (its C logic in awk) bringing up a
# file's interfaces. For a bond it allocates the n= slave slots it declares,
# copies the listed ports into them, then enslaves slots 0..n-1: more ports
# than n write past the array, fewer leave NULL slots that enslave()
# dereferences; either way SIGSEGV. Bond mode, VLANs and routes play no part.
exec awk '
/^bond / {
    split($4, a, "="); n = a[2] + 0; listed = NF - 5
    if (listed != n) {
        printf "%s: n=%d but %d slave ports listed\n", $2, n, listed > "/dev/stderr"
        crash = 1; exit
    }
    printf "%s (%s): enslaved", $2, substr($3, 6)
    for (i = 6; i <= NF; i++) printf " %s", $i
    printf "\n"
    next
}
/^vlan / { split($2, v, "."); printf "%s: vlan %d on %s, %s\n", $2, v[2], v[1], $3; next }
/^route / { printf "route %s via %s\n", $2, $4; next }
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
