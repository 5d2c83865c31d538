#!/usr/bin/env python3
# the ticketing system numbers seats in a table of 600 entries and crashes
# when the hall has more seats than that (rows times seats per row)
import re, sys
m = re.fullmatch(r'hall (\d+)x(\d+) [a-z]+', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
sys.exit(1 if int(m.group(1)) * int(m.group(2)) > 600 else 0)
