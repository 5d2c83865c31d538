#!/usr/bin/env python3
# the router copies a route's hops into a fixed array of 8 slots, a group
# "(a|b|c)" taking one slot: a ninth item overflows it; the hops inside
# groups and the items of other routes do not count
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
hop = r"[a-h][0-9]?"
item = r"(?:%s|\(%s(?:\|%s)+\))" % (hop, hop, hop)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"route [a-z][a-z0-9]? via (%s(?:,%s)*)" % (item, item), line)
    if not m:
        sys.exit(125)
    if len(m.group(1).split(",")) > 8:
        sys.exit(139)
sys.exit(0)
