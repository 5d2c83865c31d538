#!/bin/sh
# an authoritative DNS server (its C zone loader in awk) loading a zone. A
# line with an empty owner (starting with a blank) takes the previous
# record's owner, and A and MX records use that resolved name; but the CNAME
# handler's "CNAME and other data" check compares the owner as written,
# rr->owner_text, which is NULL for a blank owner: strcmp(NULL) is a SIGSEGV.
exec awk '
BEGIN { origin = "example.com."; prev = origin }
{
    if ($0 ~ /^ /) { written = ""; owner = prev; ttl = $1; type = $3; data = $4 (NF > 4 ? " " $5 : "") }
    else { written = $1; owner = ($1 == "@") ? origin : $1 "." origin; ttl = $2; type = $4; data = $5 (NF > 5 ? " " $6 : "") }
    prev = owner
    if (type == "CNAME") {
        if (written == "") {
            printf "zone %s: line %d: CNAME: strcmp(rr->owner_text = NULL, ...)\n", origin, NR > "/dev/stderr"
            crash = 1; exit
        }
        if (owner in other) { printf "warning: %s: CNAME and other data\n", owner > "/dev/stderr" }
    } else other[owner] = 1
    printf "%s %d IN %s %s\n", owner, ttl, type, data
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
