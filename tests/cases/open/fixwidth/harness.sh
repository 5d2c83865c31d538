#!/usr/bin/env python3
# the loader copies exactly `width` bytes per row into a fixed buffer and
# asserts the row ended there: any row shorter or longer than the declared
# width aborts it
import re, sys
text = open(sys.argv[-1]).read()
m = re.fullmatch(r"width ([0-9]+)\n((?:row [A-Z0-9]*\n)+)", text)
if not m:
    sys.exit(125)
w = int(m.group(1))
for row in m.group(2).split("\n")[:-1]:
    if len(row) - 4 != w:
        sys.exit(134)
sys.exit(0)
