#!/bin/sh
# a monitoring agent's check loader (its C logic, in awk with exact
# integers). A duration is a number times its unit in milliseconds (ms 1,
# s 1000, min 60000, h 3600000) in a long long. The agent waits for a
# check's output with poll(), whose timeout is an int, behind an assertion:
#     long long ms = parse_duration(val);       /* "timeout=" */
#     assert(ms <= INT_MAX);                    /* poll() takes an int */
#     c->timeout_ms = (int)ms;
# the loader sets up each check as it reads it, so a timeout above
# 2147483647 ms (about 24.8 days) aborts the agent (SIGABRT): above
# 2147483s, above 35791min, above 596h; any ms fits (seven digits at most),
# and exactly 2147483s, 35791min and 596h fit. The every= interval takes
# the same syntax but is kept as a long long deadline on the monotonic
# clock, however large, harmlessly; cmd=, retries= and prio= play no part.
r=$(awk '
function msecs(v,   n, u) {
    if (match(v, /[a-z]+$/) == 0) return -1
    u = substr(v, RSTART); n = substr(v, 1, RSTART - 1)
    if (n !~ /^[1-9][0-9]*$/) return -1
    if (u == "ms") return n + 0
    if (u == "s") return n * 1000
    if (u == "min") return n * 60000
    if (u == "h") return n * 3600000
    return -1
}
BEGIN { res = "ok"; checks = 0 }
res != "ok" { next }
/^$/ { next }
{
    if ($1 != "check" || NF != 7) { res = "invalid"; next }
    for (i = 3; i <= NF; i++) {
        eq = index($i, "="); if (eq == 0) { res = "invalid"; next }
        key = substr($i, 1, eq - 1); val = substr($i, eq + 1)
        if (key == "timeout") {
            ms = msecs(val)
            if (ms < 0) { res = "invalid"; next }
            if (ms > 2147483647) { res = "abort " $2; next }
        } else if (key == "every") {
            if (msecs(val) < 0) { res = "invalid"; next }
        } else if (key != "cmd" && key != "retries" && key != "prio") { res = "invalid"; next }
    }
    checks++
}
END { if (res == "ok" && checks == 0) res = "invalid"; print res }' "$1")
case $r in
    ok) exit 0 ;;
    invalid) exit 125 ;;
    abort*)
        echo "monagent: check.c:88: load_check: Assertion \`ms <= INT_MAX' failed." >&2
        kill -ABRT $$ ;;
esac
exit 125
