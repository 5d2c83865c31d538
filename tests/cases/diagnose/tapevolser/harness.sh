#!/bin/sh
# a tape labeler (C, in awk) writing VOL1/HDR1 labels from a job file. The
# owner and data set names are copied with a length (truncated to their label
# fields), but "volser" is strcpy'd into char volser[6] of the VOL1 struct,
# just before a pointer: a serial longer than 6 characters overwrites it and
# the label writer crashes (SIGSEGV). Long owners and data set names are fine.
exec awk '
$0 !~ /^(volser|owner|dsn) [A-Z][A-Z0-9]*$/ { bad = 1; next }
$1 == "volser" { if (length($2) > 6) crash = 1; vol = $2; next }
$1 == "owner"  { owner = substr($2, 1, 14); next }
$1 == "dsn"    { dsn = substr($2, 1, 17); next }
END {
    if (crash) { system("kill -SEGV $PPID"); exit 139 }
    if (bad || NR == 0) exit 125
    printf "VOL1%-6s%-14s\nHDR1%-17s\n", vol, owner, dsn
    exit 0
}' "$1"
