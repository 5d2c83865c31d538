#!/usr/bin/env python3
# the gimbal firmware rejects nothing, but its mechanical stop is hit (exit 2)
# when pitch and roll together lean below -90 degrees
import re, sys
m = re.match(r'pitch ([-+]?\d+) roll ([-+]?\d+) speed \d', open(sys.argv[1]).read())
if m and int(m.group(1)) + int(m.group(2)) < -90:
    sys.exit(2)
sys.exit(0)
