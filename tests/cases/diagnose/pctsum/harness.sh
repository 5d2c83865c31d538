#!/bin/sh
exec python3 - "$1" <<'PY'
# the rest (100 - a - b) is shared among the other teams: amount / rest;
# an over-allocation (rest < 0) is rejected gracefully, rest == 0 divides by zero
import re, sys
m = re.fullmatch(r'([a-z]+),(\d+),(\d+)\n', open(sys.argv[1]).read())
if not m: sys.exit(125)
a, b = int(m.group(2)), int(m.group(3))
rest = 100 - a - b
if rest < 0: sys.exit(0)
try:
    per = 1000 // rest
except ZeroDivisionError:
    sys.exit(1)
sys.exit(0)
PY
