#!/usr/bin/env python3
# the cabin has 8 berths; a booking that fills it exactly takes the "spare
# berth" from an empty list and crashes
import re, sys
m = re.fullmatch(r'cabin adults=([1-6]) kids=([0-9]|1[0-2]) meals=(none|half|full)\n', open(sys.argv[-1]).read())
if not m:
    sys.exit(125)
total = int(m.group(1)) + int(m.group(2))
spare = list(range(total, 8))
if total > 8:
    sys.exit(0)  # refused
print("spare berth", spare[0])
