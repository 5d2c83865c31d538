#!/usr/bin/env python3
# the dosing controller aborts on an acidic sample: pH 6.5 or lower (inclusive)
import sys
from decimal import Decimal
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    ph = line.split(" ph=")[1].split(" ")[0]
    if Decimal(ph) <= Decimal("6.5"):
        sys.exit(134)
sys.exit(0)
