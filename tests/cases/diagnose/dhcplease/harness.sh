#!/usr/bin/env python3
# the lease allocator asserts default <= max when it clamps a client's
# requested time; a subnet whose default lease exceeds its maximum aborts
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
o = r'(?:[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9])'
for line in lines[:-1]:
    m = re.fullmatch(r'subnet ' + o + r'\.' + o + r'\.' + o + r'\.0/24 default-lease ([1-9][0-9]*) max-lease ([1-9][0-9]*);', line)
    if not m:
        sys.exit(125)
    d, mx = int(m.group(1)), int(m.group(2))
    if d > mx:
        print("dhcpd: lease.c:212: clamp: Assertion `def <= max' failed.", file=sys.stderr)
        sys.exit(134)
print("loaded")
