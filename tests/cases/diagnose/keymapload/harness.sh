#!/bin/sh
# a keymap loader (C, in awk). It binds each "keycode N = sym" through
# key_maps[N]->sym, a table of 256 pointers, without a bound check: a keycode
# above 255 reads a wild pointer and the loader crashes (SIGSEGV). "repeat"
# settings are applied in order after the whole map loads; a negative delay is
# rejected there with an error (exit 1). Keysyms and rates play no part.
exec awk '
$0 !~ /^(keycode [1-9][0-9]* = [A-Za-z_0-9]+|repeat delay=-?[1-9][0-9]* rate=[1-9][0-9]*)$/ { bad = 1; next }
$1 == "keycode" {
    code = $2 + 0
    if (code > 255) { crash = 1; exit }     # key_maps[code] past the end of the table
    sym[code] = $4; n++
    next
}
$1 == "repeat" {
    split($0, w, /[ =]/); nrep++; delay[nrep] = w[3] + 0; rate[nrep] = w[5] + 0
    next
}
END {
    if (crash) { system("kill -SEGV $PPID"); exit 139 }
    if (bad || NR == 0) exit 125
    printf "loaded %d key bindings\n", n
    for (i = 1; i <= nrep; i++) {
        if (delay[i] < 0) { printf "kbdrate: invalid delay %d ms\n", delay[i] > "/dev/stderr"; exit 1 }
        printf "typematic delay %d ms, rate %d cps\n", delay[i], rate[i]
    }
    exit 0
}' "$1"
