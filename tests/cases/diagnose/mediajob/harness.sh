#!/bin/sh
# an office printer's spooler (its C logic in awk). For a print job it
# looks up the duplex unit's path for the paper size and mode in a table
# and dereferences it unchecked:
#     const struct path *p = duplex_path[paper][mode];   /* NULL: unsupported */
#     feed(p->rollers);
# the duplexer takes no Legal sheets at all and turns A5 only on its long
# edge, so Legal printed long- or short-edge and A5 printed short-edge
# dereference NULL (SIGSEGV); one-sided printing is fine on any paper. A
# scan job's duplex goes to the scanner's own feeder, which takes every
# size either way; the copies and the resolution play no part.
exec awk '
/^print / {
    split($2, p, "="); split($3, d, "=")
    if ((p[2] == "Legal" && d[2] != "none") || (p[2] == "A5" && d[2] == "short")) { bad = 1; exit }
}
END { if (bad) { system("kill -SEGV $PPID"); exit 139 } }' "$1"
