#!/usr/bin/env python3
# a monitor that raises an alarm for a spinning disk (hdd) above 45 degrees;
# flash disks may run hotter
import re, sys
lines = open(sys.argv[1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'slot [0-9]{1,2} disk=(ssd|hdd|nvme) temp=(0|[1-9][0-9]?)( spare)?', line)
    if not m:
        sys.exit(125)
    if m.group(1) == "hdd" and int(m.group(2)) > 45:
        sys.exit(1)
sys.exit(0)
