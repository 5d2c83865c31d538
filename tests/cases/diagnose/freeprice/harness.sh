#!/usr/bin/env python3
# the tax report divides each line's tax by its price to get the rate; a
# free item (a price of zero, however it is written: "0", "00", "0.00")
# divides by zero
import re, sys
from decimal import Decimal
text = open(sys.argv[-1]).read()
m = re.fullmatch(r"invoice [0-9]+\n((?:item [a-z]+ qty [1-9][0-9]? price [0-9]+(?:\.[0-9][0-9])?\n)+)", text)
if not m:
    sys.exit(125)
total = Decimal(0)
for line in m.group(1).splitlines():
    _, name, _, qty, _, price = line.split()
    p = Decimal(price)
    tax = p * int(qty) * Decimal("0.2")
    rate = tax / (p * int(qty))  # ZeroDivisionError on a free item
    total += p * int(qty)
print("total", total)
