#!/usr/bin/env python3
# the picker reserves one bin of 1200 slots per lot and writes one slot per
# unit: a lot of more than 1200 units writes past the bin
import re, sys
text = open(sys.argv[-1]).read()
for line in text.split("\n")[:-1]:
    m = re.fullmatch(r"lot [A-Z]{2}[0-9]{2}: ([0-9]+) boxes of ([0-9]+) units( \([a-z]+\))?", line)
    if not m:
        sys.exit(125)
    if int(m.group(1)) * int(m.group(2)) > 1200:
        sys.exit(134)
sys.exit(0)
