#!/usr/bin/env python3
# the scheduler converts each wait to seconds and arms a timer whose
# maximum is one hour; a longer wait trips its assertion (exit 134). The
# limit is on the converted duration: 3600 s, 60 m, 1 h.
import re, sys
t = open(sys.argv[-1]).read()
rec = r"wait ([1-9][0-9]*)(s|m|h) then (build|test|deploy)\n"
if not re.fullmatch("(?:" + rec + ")+", t):
    sys.exit(125)
for n, unit, job in re.findall(rec, t):
    secs = int(n) * {"s": 1, "m": 60, "h": 3600}[unit]
    if secs > 3600:
        print("timer: assertion failed: secs <= MAX_TIMER", file=sys.stderr)
        sys.exit(134)
sys.exit(0)
