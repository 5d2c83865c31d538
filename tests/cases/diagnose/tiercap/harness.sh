#!/usr/bin/env python3
# a checkout that caps discounts at 40% for every tier but gold: a line of a
# basic or silver customer with more than 40% off is rejected
import re, sys
text = open(sys.argv[1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'item [A-Z]{2}[0-9]{3} tier=(basic|silver|gold) discount=(0|[1-9][0-9]?)%( gift)?', line)
    if not m:
        sys.exit(125)
    if m.group(1) != "gold" and int(m.group(2)) > 40:
        print("discount above the cap", file=sys.stderr); sys.exit(1)
sys.exit(0)
