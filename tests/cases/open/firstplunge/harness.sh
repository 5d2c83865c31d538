#!/usr/bin/env python3
# a CNC controller's dry-run check of a toolpath: the spindle starts at the
# tool-change position, outside the stock and behind the clamps, so the
# first move must travel at or above the 5 mm clearance plane; a first move
# below it drags the tool through the clamps, and the collision check
# aborts the job (exit 3). Every later move starts inside the job's area
# and may go down to the table (Z0) to cut; G0 or G1 does not matter.
import re, sys
text = open(sys.argv[-1]).read()
C = r'(?:[0-9]|[1-9][0-9]{1,2})'
if not re.fullmatch(r'(?:G[01] X%s Y%s Z(?:[0-9]|[1-9][0-9])\n)+' % (C, C), text):
    sys.exit(125)
CLEARANCE = 5
moves = re.findall(r'(G[01]) X([0-9]+) Y([0-9]+) Z([0-9]+)\n', text)
for i, (code, x, y, z) in enumerate(moves):
    if i == 0 and int(z) < CLEARANCE:
        print("collision: first move %s to X%s Y%s at Z%s crosses the clamps "
              "(clearance plane Z%d)" % (code, x, y, z, CLEARANCE), file=sys.stderr)
        sys.exit(3)
print("toolpath clear")
sys.exit(0)
