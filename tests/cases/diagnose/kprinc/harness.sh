#!/bin/sh
# a keytab tool (ktutil-like, its C logic in awk) lists a keytab and prints
# each key's service name: it formats "primary/instance" with sprintf into
# char svc[22] under _FORTIFY_SOURCE; a primary and an instance longer than
# 20 characters together overflow it and __sprintf_chk aborts ("*** buffer
# overflow detected ***", SIGABRT). The realm, kvno and enctype play no part.
exec awk '
BEGIN { SVCLEN = 22 }
{
    split($2, at, "@"); split(at[1], pi, "/")
    need = length(pi[1]) + 1 + length(pi[2]) + 1     # "/" and the NUL
    if (need > SVCLEN) {
        printf "*** buffer overflow detected ***: terminated (%s/%s)\n", pi[1], pi[2] > "/dev/stderr"
        bad = 1; exit
    }
    printf "%3d %-22s %s %s\n", $1, pi[1] "/" pi[2], at[2], $3
}
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
