#!/bin/sh
# a service manager (systemd-like; its C logic, in awk for speed) started by
# its test in check mode: it loads the unit table and replays the first
# minute of every service's life on a simulated clock. A service arms a
# watchdog of WatchdogSec whole seconds and promises a keep-alive ping
# (sd_notify "WATCHDOG=1") every N milliseconds. The manager keeps one
# millisecond timer per service: the deadline is the last ping plus the
# timeout converted to milliseconds. Its event loop dispatches the timers
# due at a given instant before it reads the notification socket, so a ping
# arriving exactly at the deadline is read too late: the watchdog has fired
# already and the service is killed with SIGABRT (the test reports it and
# exits 1). A keep-alive interval at or above the timeout (in the same
# unit) is therefore fatal: 4999 ms under a 5 s watchdog passes, 5000 ms
# does not. The unit and the test were written in seconds and milliseconds
# and nobody ever compared the two. The restart budget only matters after a
# kill. A line the loader does not know is a table error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { n = 0; HORIZON = 60000 }   # one simulated minute
{
    if ($0 !~ /^service [a-z][a-z0-9-]* watchdog=[1-9][0-9]*s keepalive=[1-9][0-9]*ms restarts=[0-9]$/) bad = 1
    split($0, w, /[ =]/)
    name[++n] = w[2]
    wdsec[n] = substr(w[4], 1, length(w[4]) - 1) + 0
    kams[n] = substr(w[6], 1, length(w[6]) - 2) + 0
    restarts[n] = w[8] + 0
}
END {
    if (bad || n == 0) exit 125
    for (i = 1; i <= n; i++) {
        timeout_ms = wdsec[i] * 1000          # WatchdogSec= is whole seconds
        last = 0; now = 0; pings = 0
        while (now < HORIZON) {
            deadline = last + timeout_ms
            next_ping = last + kams[i]
            # event loop: at one instant, expired timers run before the socket is read
            if (deadline <= next_ping) {
                printf "service %s: watchdog timeout after %d ms without keep-alive (last ping at %d ms), killed with SIGABRT\n", name[i], timeout_ms, last > "/dev/stderr"
                exit 1
            }
            now = next_ping; last = now; pings++
        }
        printf "service %s: %d keep-alives in %d ms, watchdog %d s, %d restarts allowed\n", name[i], pings, HORIZON, wdsec[i], restarts[i]
    }
    printf "%d services checked\n", n
    exit 0
}
' "$f"
