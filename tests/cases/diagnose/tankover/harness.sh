#!/usr/bin/env python3
# the pump refuses to run when a tank is filled strictly above 2.75 m (the
# overflow pipe sits at 2.75 m exactly, so 2.75 itself is fine); the
# refusal is an assertion (exit 134)
import sys
from decimal import Decimal
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    name, rest = line.split(": ")
    if Decimal(rest[:-2]) > Decimal("2.75"):
        sys.exit(134)
sys.exit(0)
