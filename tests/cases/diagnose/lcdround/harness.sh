#!/usr/bin/env python3
# the station's front panel shows each reading rounded to a whole number
# (round half to even, like printf "%.0f") in a 3-character LCD field; a
# rounded value that needs 4 characters (1000 and up, or -100 and down)
# overruns the field and the panel driver asserts (exit 134). So 999.5 fails
# (rounds to 1000), 999.4999 passes, -99.5 fails (-100), -99.49 passes,
# 998.5 passes (rounds to 998).
import re, sys
from decimal import Decimal, ROUND_HALF_EVEN
t = open(sys.argv[-1]).read()
rec = r'(temp|hum|wind|press) (-?(?:[0-9]|[1-9][0-9]{1,3})(?:\.[0-9]+)?)\n'
if not re.fullmatch('(?:' + rec + ')+', t):
    sys.exit(125)
for name, v in re.findall(rec, t):
    shown = "%d" % Decimal(v).quantize(Decimal(1), rounding=ROUND_HALF_EVEN)
    if shown == "-0":
        shown = "0"
    if len(shown) > 3:
        print("lcd overrun: %s" % shown, file=sys.stderr)
        sys.exit(134)
    print("%-5s %3s" % (name, shown))
sys.exit(0)
