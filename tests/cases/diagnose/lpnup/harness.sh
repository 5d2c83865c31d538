#!/bin/sh
# lp (CUPS' client; its C logic here in awk) reads ~/.cups/lpoptions and
# lays out each destination's default job: every option is applied as it is
# read. Two bugs, both an integer division by zero (SIGFPE):
# - media: the size is looked up in the driver's PPD, which lists A4, A5,
#   Letter and Legal only; for "tabloid" the lookup fails, the code goes on
#   with the zeroed fallback page size, and the points-to-cell scale
#   divides by its width (0).
# - number-up: the n-up layout puts pages side by side in pairs,
#   cols = number-up / 2 and rows = number-up / cols; number-up=1 (one page
#   a sheet, no n-up at all) gives cols = 0. copies, job-priority, page-left
#   and page-top take the very same numbers (1 included) harmlessly.
exec awk '
BEGIN {
    w["a4"] = 595; h["a4"] = 842; w["a5"] = 420; h["a5"] = 595
    w["letter"] = 612; h["letter"] = 792; w["legal"] = 612; h["legal"] = 1008
}
function fpe() { print "lp: floating point exception (core dumped)" > "/dev/stderr"; bad = 1; exit }
$1 == "Dest" {
    dest = $2; pw = 595; ph = 842; cols = 1; rows = 1
    for (i = 3; i <= NF; i++) {
        eq = index($i, "="); k = substr($i, 1, eq - 1); v = substr($i, eq + 1)
        if (k == "media") {
            pw = (v in w) ? w[v] : 0; ph = (v in h) ? h[v] : 0
            if (pw == 0) fpe(); scale = int(72000 / pw)
        } else if (k == "number-up") {
            cols = int(v / 2); if (cols == 0) fpe(); rows = int(v / cols)
        } else if (k == "copies") copies = v + 0
        else if (k == "job-priority") prio = v + 0
        else if (k == "page-left") left = v + 0
        else if (k == "page-top") top = v + 0
        else if (k == "sides") sides = v
    }
}
END { if (bad) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
