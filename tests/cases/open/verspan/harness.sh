#!/bin/sh
# a package manager's resolver (its C logic, in awk for speed). The registry
# mirror lists every release major.minor for majors and minors 0..99, sorted
# by (major, minor). For each dependency the resolver bisects the index for
# the first release >= the lower bound (0.0 when none) and the first release
# > the upper bound (past the end when none), and locks the newest candidate,
# index[hi - 1], without checking that the window [lo, hi) is non-empty. The
# lock writer then asserts that the locked release satisfies the whole spec:
# for a range whose lower bound is above its upper bound (a greater major,
# or the same major and a greater minor) the release it locked is below the
# lower bound and the assertion aborts the install (exit 1). An exact
# version is the range [v, v]. Anything else malformed: 125.
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
function vcmp(a1, a2, b1, b2) {        # (major, minor) compared with a tie-break
    if (a1 != b1) return a1 < b1 ? -1 : 1
    if (a2 != b2) return a2 < b2 ? -1 : 1
    return 0
}
function bisect(m, n, right,    lo, hi, mid, c) {   # first index entry > (m,n) if right, else >= (m,n)
    lo = 0; hi = N
    while (lo < hi) {
        mid = int((lo + hi) / 2)
        c = vcmp(MAJ[mid], MIN[mid], m, n)
        if (c < 0 || (right && c == 0)) lo = mid + 1; else hi = mid
    }
    return lo
}
BEGIN {
    N = 0
    for (a = 0; a <= 99; a++) for (b = 0; b <= 99; b++) { MAJ[N] = a; MIN[N] = b; N++ }
    V = "(0|[1-9][0-9]?)\\.(0|[1-9][0-9]?)"
}
{
    if ($0 !~ ("^[a-z][a-z0-9]* (\\*|>=" V "|<=" V "|==" V "|>=" V ",<=" V ")$")) { bad = 1; next }
    line[++n] = $0
}
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        split(line[i], w, " ")
        pkg = w[1]; spec = w[2]
        haslo = 0; hasup = 0
        k = split(spec, part, ",")
        for (j = 1; j <= k; j++) {
            op = substr(part[j], 1, 2); split(substr(part[j], 3), v, ".")
            if (op == ">=" || op == "==") { haslo = 1; l1 = v[1] + 0; l2 = v[2] + 0 }
            if (op == "<=" || op == "==") { hasup = 1; u1 = v[1] + 0; u2 = v[2] + 0 }
        }
        lo = haslo ? bisect(l1, l2, 0) : 0
        hi = hasup ? bisect(u1, u2, 1) : N
        pick = hi - 1                       # newest candidate (the window is not checked)
        if (haslo && vcmp(MAJ[pick], MIN[pick], l1, l2) < 0) {
            printf "lock %s %d.%d: assertion `satisfies(spec, locked)` failed\n", pkg, MAJ[pick], MIN[pick] > "/dev/stderr"
            exit 1
        }
        if (hasup && vcmp(MAJ[pick], MIN[pick], u1, u2) > 0) {
            printf "lock %s %d.%d: assertion `satisfies(spec, locked)` failed\n", pkg, MAJ[pick], MIN[pick] > "/dev/stderr"
            exit 1
        }
        printf "%s %d.%d\n", pkg, MAJ[pick], MIN[pick]
    }
    exit 0
}
' "$f"
