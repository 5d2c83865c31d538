#!/usr/bin/env python3
# the blister packer fills cards of 14; a refill under 90 pills of whole
# cards is packed as a short course and trips the course check (exit 4)
import re, sys
text = open(sys.argv[-1]).read()
if not re.fullmatch(r'(?:P[0-9]{3};[A-Z]{3};(?:[0-9]|[1-9][0-9]+)\n)+', text):
    sys.exit(125)
for pid, drug, count in re.findall(r'(P[0-9]{3});([A-Z]{3});([0-9]+)\n', text):
    n = int(count)
    if 0 < n < 90 and n % 14 == 0:
        print("packer: short course for %s %s (%d)" % (pid, drug, n), file=sys.stderr)
        sys.exit(4)
print("ok")
