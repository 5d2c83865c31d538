#!/usr/bin/env python3
# the charger's over-voltage protection trips at 4.25 V inclusive (">=",
# where the datasheet's limit is "above 4.25"): any cell reading of 4.25 V or
# more, at any precision ("4.2500" too), aborts the charge (exit 2)
import sys, re
from decimal import Decimal
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"cell ([1-9]|1[0-6]) ([0-4]\.[0-9]+)", line)
    if not m:
        sys.exit(125)
    if Decimal(m.group(2)) >= Decimal("4.25"):
        sys.exit(2)
sys.exit(0)
