#!/usr/bin/env python3
# the quantiser's blue lookup table lost a block: a blue channel of 200-219
# reads past its end (red and green have their own tables and are fine)
import re, sys
text = open(sys.argv[1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r'rgb\(([0-9]+),([0-9]+),([0-9]+)\)', line)
    if not m or any(int(x) > 255 or (len(x) > 1 and x[0] == "0") for x in m.groups()):
        sys.exit(125)
    if 200 <= int(m.group(3)) <= 219:
        print("lut index out of bounds", file=sys.stderr)
        sys.exit(134)
sys.exit(0)
