#!/usr/bin/env python3
# a 3D-printer slicer set up for a 0.8 mm nozzle: a layer can be at most
# 80% of the nozzle's diameter high (0.64 mm) or the extruded lines do not
# bond; the slicer's validator rejects the object and stops (exit 1).
# Infill is any percentage.
import re, sys
NOZZLE = 0.8
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:object [a-z][a-z0-9]* layer=0\.[0-9]{1,3} infill=(?:[0-9]|[1-9][0-9]|100)\n)+', text):
    sys.exit(125)
for name, mm, infill in re.findall(r'object (\S+) layer=([0-9.]+) infill=([0-9]+)\n', text):
    if float(mm) > 0.64:
        print("%s: layer height %s mm above 80%% of the %.1f mm nozzle" % (name, mm, NOZZLE), file=sys.stderr)
        sys.exit(1)
print("sliced")
sys.exit(0)
