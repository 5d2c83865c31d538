#!/usr/bin/env python3
# payroll books a request of (last - first + 1) days against the allowance
# left and asserts the balance never goes negative: more days than left
# fails (exit 1). A request that ends before it starts books a negative
# number of days, which the assertion misses (passes).
import re, sys
t = open(sys.argv[-1]).read()
req = r'([a-z]{3}) (\d+)-(\d+) left=(\d+)\n'
if not re.fullmatch('(?:' + req + ')+', t):
    sys.exit(125)
for emp, first, last, left in re.findall(req, t):
    if int(last) - int(first) + 1 > int(left):
        print("payroll: assertion balance >= 0 failed", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
