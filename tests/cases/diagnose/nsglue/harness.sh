#!/usr/bin/env python3
# to reach a zone the resolver first resolves its name server; a name server
# whose name ends with the zone's own name (as text: "ab.c" ends with "b.c"
# too, the check has no dot boundary) is looked up through that same zone,
# and the resolver recurses until its stack runs out; one delegation's name
# server inside another delegation's zone is fine
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
name = r"[a-c]{1,2}(?:\.[a-c]{1,2})*"
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"zone (%s) ns (%s)" % (name, name), line)
    if not m:
        sys.exit(125)
    if m.group(2).endswith(m.group(1)):
        sys.exit(139)
sys.exit(0)
