#!/usr/bin/env python3
# the calculator evaluates parentheses on a fixed stack of four frames: a
# fifth open parenthesis inside four others overflows it
import re, sys
t = open(sys.argv[1]).read()
if not t.endswith("\n") or not re.fullmatch(r'[0-9+()]+', t[:-1]):
    sys.exit(125)
depth = 0
for c in t:
    if c == "(":
        depth += 1
        if depth > 4:
            print("frame stack overflow", file=sys.stderr); sys.exit(134)
    elif c == ")":
        depth -= 1
sys.exit(0)
