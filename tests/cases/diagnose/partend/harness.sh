#!/usr/bin/env python3
# the partitioner maps [first, first + size) onto the disk without checking
# the end: a partition past the disk's last sector writes off the device
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 3 or lines[0] != "label gpt":
    sys.exit(125)
for line in lines[1:-1]:
    m = re.fullmatch(r'part (boot|root|swap|home|data) first=(0|[1-9][0-9]*) size=([1-9][0-9]*) disk=([1-9][0-9]*)', line)
    if not m:
        sys.exit(125)
    first, size, disk = (int(m.group(k)) for k in (2, 3, 4))
    if first + size > disk:
        print("write beyond end of device", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
