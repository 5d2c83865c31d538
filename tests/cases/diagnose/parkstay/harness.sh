#!/bin/sh
# a parking garage's billing run over its ticket log. A stay is out - in
# minutes; a negative stay (clock skew) is reported and skipped. The fee is
# read from a 24-entry hourly price table, price[stay / 60]: a stay of a
# whole day (1440 minutes) or more reads past the table's end (SIGSEGV).
# Plates, lanes and tariffs play no part.
exec awk '
$1 == "ticket" {
    for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    stay = f["out"] - f["in"]
    if (stay < 0) { printf "ticket %s: exit before entry, skipped\n", $2 > "/dev/stderr"; next }
    hour = int(stay / 60)
    if (hour >= 24) crash = 1
    else total += (hour + 1) * (f["tariff"] == "std" ? 3 : 2)
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
