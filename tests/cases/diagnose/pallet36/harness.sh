#!/usr/bin/env python3
# the palletiser takes whole layers of 36 cans; from 360 cans on it builds a
# pallet, and a pallet of whole layers trips its stacking check (exit 2)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:pick [A-Z][A-Z][0-9][0-9] cans=(?:[0-9]|[1-9][0-9]+)\n)+', text):
    sys.exit(125)
for sku, cans in re.findall(r'pick (\S+) cans=([0-9]+)\n', text):
    c = int(cans)
    if c >= 360 and c % 36 == 0:
        print("palletiser: stack check failed for %s (%d cans)" % (sku, c), file=sys.stderr)
        sys.exit(2)
print("ok")
