#!/usr/bin/env python3
# the rota planner stores a shift's end hour (start + length) in a table of
# 24 slots: a shift that ends after midnight (end > 24) indexes past it
import re, sys
text = open(sys.argv[1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r'shift (ana|ben|cy|dee) from ([0-9]|1[0-9]|2[0-3]) for ([1-9]|1[0-2])', line)
    if not m:
        sys.exit(125)
    if int(m.group(2)) + int(m.group(3)) > 24:
        print("index 25 out of range for the day table", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
