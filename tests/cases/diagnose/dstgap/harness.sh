#!/bin/sh
# a job scheduler daemon (its C logic, in awk for speed), started by its
# test in check mode: it loads the table and computes every job's first run
# from the test clock, 2024-03-31 00:00 in the daemon's local zone,
# Europe/Berlin: the spring-forward day, when the clocks jump from 02:00 to
# 03:00 and no local time 02:00-02:59 exists.
#
# A daily job "at HH:MM": next_run() steps through the next 1440 real
# minutes, converts each to local wall-clock time and stops at the first one
# that reads HH:MM; a job whose time never comes up within a day is a
# scheduling error ("no next run within 24h", exit 1). On this day the
# 02:MM times never come up, so any job at hour 02 fails (a DST gap bug:
# 01:59 and 03:00 are fine, and every other hour).
#
# A job "every N m" goes on a timer wheel of one day's 1440 one-minute
# slots; its first run is put in slot (now + N) with no wrap-around, and
# the wheel's bounds check rejects a slot past the end (exit 1). At the test
# clock's midnight (now = 0) that is a period of 1440 minutes or more
# (1439 passes). The commands, the environment and the mail address play no
# part. A line the loader does not know is a table error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { WHEEL = 1440; GAP_START = 120; GAP_LEN = 60; now = 0; n = 0 }
/^at ([01][0-9]|2[0-3]):[0-5][0-9] run [a-z]+$/ { kind[++n] = "at"; spec[n] = $2; cmd[n] = $4; next }
/^every [1-9][0-9]*m run [a-z]+$/ { kind[++n] = "every"; spec[n] = substr($2, 1, length($2) - 1) + 0; cmd[n] = $4; next }
/^env (PATH|HOME|LANG|TMPDIR)=[a-z0-9\/._]*$/ { env[++nenv] = $2; next }
/^mailto [a-z][a-z0-9]*@example\.org$/ { mailto = $2; next }
{ bad = 1 }
# local wall-clock minute of the day t real minutes after the test clock
function local_minute(t) { return (t < GAP_START ? t : t + GAP_LEN) % 1440 }
END {
    if (bad) exit 125
    for (i = 1; i <= n; i++) {
        if (kind[i] == "at") {
            split(spec[i], hm, ":")
            want = hm[1] * 60 + hm[2]
            found = -1
            for (t = 0; t < 1440; t++)
                if (local_minute(t) == want) { found = t; break }
            if (found < 0) {
                printf "job %d (at %s run %s): no next run within 24h of 2024-03-31 00:00 CET\n", i, spec[i], cmd[i] > "/dev/stderr"
                exit 1
            }
            printf "job %d: at %s run %s: first run in %d min\n", i, spec[i], cmd[i], found
        } else {
            slot = now + spec[i]
            if (slot >= WHEEL) {
                printf "job %d (every %dm run %s): timer wheel slot %d out of range [0, %d)\n", i, spec[i], cmd[i], slot, WHEEL > "/dev/stderr"
                exit 1
            }
            wheel[slot]++
            printf "job %d: every %dm run %s: slot %d\n", i, spec[i], cmd[i], slot
        }
    }
    printf "%d jobs scheduled\n", n
    exit 0
}
' "$f"
