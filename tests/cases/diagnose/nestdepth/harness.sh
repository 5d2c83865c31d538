#!/usr/bin/env python3
# the embedded parser keeps open arrays on a stack of 3: a fourth level of
# nesting overflows it
import sys
t = open(sys.argv[1]).read()
if not t.endswith("\n") or any(c not in "[],0123456789" for c in t[:-1]):
    sys.exit(125)
depth = 0
for c in t:
    if c == "[":
        depth += 1
        if depth > 3:
            print("stack overflow", file=sys.stderr); sys.exit(134)
    elif c == "]":
        depth -= 1
sys.exit(0)
