#!/usr/bin/env python3
# boxes are stacked 25 to a pallet; when the last pallet comes out exactly
# full the planner opens a fresh, empty one and crashes labelling it
import re, sys
t = open(sys.argv[-1]).read()
m = re.fullmatch(r'pick [A-Z]{2}-[0-9]{2} boxes (0|[1-9][0-9]*)', t)
if not m:
    sys.exit(125)
n = int(m.group(1))
sys.exit(1 if n > 0 and n % 25 == 0 else 0)
