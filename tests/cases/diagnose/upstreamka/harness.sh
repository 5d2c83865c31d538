#!/bin/sh
# a TCP load balancer (C; its logic here in awk) loads its configuration and
# sets up each upstream pool. Two bugs, both an integer division by zero
# (SIGFPE):
# - a pool with no server lines (all of them commented out, say) is not
#   rejected: at "}" the round robin starts at hash(name) % nservers, and
#   nservers is 0.
# - keepalive K is split into TCP_KEEPIDLE = K, TCP_KEEPINTVL = K / 3 and
#   TCP_KEEPCNT = K / TCP_KEEPINTVL probes: a keepalive below 3 s gives an
#   interval of 0. connect_timeout, idle_timeout and retry_delay take the
#   same seconds (1 and 2 included) harmlessly.
exec awk '
function hash(s,   i, h) { h = 5381; for (i = 1; i <= length(s); i++) h = (h * 33 + index("abcdefghijklmnopqrstuvwxyz", substr(s, i, 1))) % 65536; return h }
$1 == "upstream" { pool = $2; nservers = 0 }
$1 == "server" { nservers++; addr = $2 }
$1 == "keepalive" { k = $2 + 0; intvl = int(k / 3); if (intvl == 0) fpe = 1; else cnt = int(k / intvl) }
$1 == "connect_timeout" { ctimeout = $2 + 0 }
$1 == "idle_timeout" { itimeout = $2 + 0 }
$1 == "retry_delay" { rdelay = $2 + 0 }
$1 == "}" { if (nservers == 0) fpe = 1; else rr = hash(pool) % nservers }
END { if (fpe) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
