#!/usr/bin/env python3
# the log indexer accepts a leap second (second 60) but converts the time of
# day with a table of 60 minutes: minute 60 indexes past it and it asserts
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'([01][0-9]|2[0-3]):([0-5][0-9]|60):([0-5][0-9]|60) (gw|db1|web) (link up|link down|ntp sync)', line)
    if not m:
        sys.exit(125)
    if m.group(2) == "60":
        print("assertion failed: minute < 60", file=sys.stderr); sys.exit(134)
sys.exit(0)
