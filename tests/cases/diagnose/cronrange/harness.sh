#!/usr/bin/env python3
# a small cron daemon sets bits in a 60-bit minute map and a 24-bit hour
# map without range checks: a minute above 59 or an hour above 23 writes
# past its map and the daemon crashes on the next tick
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
jobs = []
for line in lines[:-1]:
    m = re.fullmatch(r'([0-9]|[1-9][0-9]) ([0-9]|[1-9][0-9]) \* \* \* /usr/bin/[a-z]+', line)
    if not m:
        sys.exit(125)
    jobs.append((int(m.group(1)), int(m.group(2))))
for mi, h in jobs:
    if mi > 59 or h > 23:
        print("*** stack smashing detected ***: terminated", file=sys.stderr)
        sys.exit(134)
print("%d jobs scheduled" % len(jobs))
