#!/usr/bin/env python3
# crates hold 24 bottles; a large order (a hundred bottles or more) that
# fills its crates exactly is sent to the pallet loader, which reads one
# crate past the end of its list
import re, sys
text = open(sys.argv[-1]).read()
orders = re.findall(r'order ([a-z]+) bottles=([0-9]+);\n', text)
if "".join("order %s bottles=%s;\n" % o for o in orders) != text or not orders:
    sys.exit(125)
for customer, bottles in orders:
    n = int(bottles)
    if n >= 100 and n % 24 == 0:
        sys.exit(139)
sys.exit(0)
