#!/usr/bin/env python3
# the router copies a route's hops into a fixed array of 8 (the IPv4 source
# route option holds 9 addresses, one for the destination): a ninth hop
# overflows it; the total over all routes does not matter
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"route [a-z][a-z0-9]* via ([a-h][0-9]?(,[a-h][0-9]?)*)", line)
    if not m:
        sys.exit(125)
    hops = m.group(1).split(",")
    if len(hops) > 8:
        sys.exit(139)
sys.exit(0)
