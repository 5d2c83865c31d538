#!/bin/sh
# a UPS monitor daemon applying its configuration line by line. POLLFREQ
# resizes a ring holding one hour of polls, slots = 3600 / pollfreq (integer
# division), and stores the first poll at n % slots: above 3600 s the ring
# has 0 slots (SIGFPE). HOSTSYNC splits its wait into 5-second checks and
# averages over hostsync / 5 of them: below 5 s that divides by zero (SIGFPE).
# FINALDELAY and DEADTIME take the same values and are fine.
exec awk '
$1 == "POLLFREQ" { slots = int(3600 / $2); if (slots == 0) fpe = 1; else pos = 0 % slots }
$1 == "HOSTSYNC" { checks = int($2 / 5); if (checks == 0) fpe = 1; else avg = $2 / checks }
$1 == "FINALDELAY" { finaldelay = $2 }
$1 == "DEADTIME" { deadtime = $2 }
END { if (fpe) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
