#!/bin/sh
# an API gateway (C; its logic in awk) loads its rate limits. Values are
# evaluated as unsigned integers: min, max, sum, sub(a, b) = a - b saturating
# at 0, half(x) = x / 2 (integer division), and `cpus`, the host's CPU count
# (4 on this host). Each route's token bucket is sharded over its burst:
# slot = hash(route) % burst, so a burst that evaluates to 0 divides by zero
# (SIGFPE). A rate of 0 is the route's kill switch (every request refused)
# and a delay of 0 means no queueing: both take 0 harmlessly.
exec awk '
function val(   a, b, f) {
    if (substr(s, p, 4) == "cpus") { p += 4; return 4 }
    if (substr(s, p, 1) ~ /[0-9]/) {
        a = 0
        while (substr(s, p, 1) ~ /[0-9]/) { a = a * 10 + substr(s, p, 1); p++ }
        return a
    }
    f = substr(s, p, 3)
    if (f == "hal") { p += 5; a = val(); p++; return int(a / 2) }
    p += 4; a = val(); p += 2; b = val(); p++
    if (f == "min") return a < b ? a : b
    if (f == "max") return a > b ? a : b
    if (f == "sub") return a > b ? a - b : 0
    return a + b
}
function eval(e) { s = e; p = 1; return val() }
function hash(str,   h, i) {
    h = 5381
    for (i = 1; i <= length(str); i++) h = (h * 33 + index("abcdefghijklmnopqrstuvwxyz/", substr(str, i, 1))) % 65536
    return h
}
{
    match($0, / rate=.* burst=/);  rate = eval(substr($0, RSTART + 6, RLENGTH - 13))
    match($0, / burst=.* delay=/); burst = eval(substr($0, RSTART + 7, RLENGTH - 14))
    match($0, / delay=.*$/);       delay = eval(substr($0, RSTART + 7))
    if (burst == 0) { bad = 1; exit }
    slot = hash($2) % burst
    printf "%s rate=%d burst=%d delay=%dms slot=%d%s\n", $2, rate, burst, delay, slot, rate == 0 ? " (closed)" : ""
}
END { if (bad) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
