#!/usr/bin/env python3
# trays hold 12 rolls; a positive multiple of 12 leaves the last tray
# pointer one past the end of the tray list
import re, sys
m = re.fullmatch(r'order [a-z]+ rolls=(0|[1-9][0-9]*)\n', open(sys.argv[-1]).read())
if not m:
    sys.exit(125)
n = int(m.group(1))
if n and n % 12 == 0:
    sys.exit(1)
print("trays:", -(-n // 12))
