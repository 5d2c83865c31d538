#!/usr/bin/env python3
# the parser keeps open containers, arrays and objects alike, on a stack of
# 3: a fourth container open inside three others overflows it
import sys
t = open(sys.argv[1]).read()
if not t.endswith("\n") or any(c not in "[]{},:abc0123456789" for c in t[:-1]):
    sys.exit(125)
depth = 0
for c in t:
    if c in "[{":
        depth += 1
        if depth > 3:
            print("stack overflow", file=sys.stderr); sys.exit(134)
    elif c in "]}":
        depth -= 1
sys.exit(0)
