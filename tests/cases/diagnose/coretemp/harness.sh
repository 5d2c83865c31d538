#!/usr/bin/env python3
# the thermal daemon reads the log and trips an emergency shutdown (exit 1)
# when any reading is above 85.5 degrees; 85.5 itself is within limits
import re, sys
from decimal import Decimal
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'[0-2][0-9]:[0-5][0-9]:[0-5][0-9] (cpu[0-9]|gpu|nvme[0-9]|board) temp=((?:[0-9]|[1-9][0-9]|1[0-9][0-9])\.[0-9]{1,2})C', line)
    if not m:
        sys.exit(125)
    if Decimal(m.group(2)) > Decimal("85.5"):
        print("thermald: %s at %s C, critical shutdown" % (m.group(1), m.group(2)), file=sys.stderr)
        sys.exit(1)
print("temperatures nominal")
