#!/usr/bin/env python3
# the deck planner fills 12 slots; a deck loaded exactly full makes its
# "free slots" list empty and the planner indexes past its end
import re, sys
m = re.fullmatch(r'load (\d+)\+(\d+) on deck [ABC]\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
free = list(range(int(m.group(1)) + int(m.group(2)), 12))
if int(m.group(1)) + int(m.group(2)) > 12:
    sys.exit(0)  # over-full orders are refused politely
print("next free slot", free[0])
