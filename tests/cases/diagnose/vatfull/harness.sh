#!/usr/bin/env python3
# the tax step divides the line's tax by its net price; a discount of
# exactly 100 percent (however written: "100", "100.0", "0100.00") makes the
# net price zero (ZeroDivisionError, exit 1); above 100 is refused upfront
import sys
from decimal import Decimal
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    item, qty, pct = line.split(" ")
    p = Decimal(pct[1:-1])
    if p > 100:
        sys.exit(125)
    net = int(qty[1:]) * (1 - p / 100)
    try:
        rate = (net * Decimal("0.2")) / net
    except (ZeroDivisionError, ArithmeticError):
        sys.exit(1)
sys.exit(0)
