#!/usr/bin/env python3
# the reserve check ends the log with an error when a leg lands with an
# eighth of the tank or less (0.125 itself included); the distance plays no part
import sys
from fractions import Fraction
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    fuel = line.rsplit(" fuel=", 1)[1]
    if Fraction(fuel) <= Fraction(1, 8):
        print("reserve fuel violated on", line.split()[1], file=sys.stderr)
        sys.exit(3)
sys.exit(0)
