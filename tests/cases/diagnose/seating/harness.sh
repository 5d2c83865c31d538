#!/usr/bin/env python3
# the seating planner places every group at one table and aborts when a
# single group (at any nesting level) is larger than the table
import re, sys
text = open(sys.argv[1]).read()
m = re.match(r'table (\d+) party (.*)$', text)
if not m:
    sys.exit(125)
cap = int(m.group(1))
sizes = [int(x) for x in re.findall(r'\d+', m.group(2))]
sys.exit(1 if any(s > cap for s in sizes) else 0)
