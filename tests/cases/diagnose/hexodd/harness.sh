#!/usr/bin/env python3
# a loader that decodes hex values with bytes.fromhex: an odd number of hex
# digits is an error (text values are taken as they are)
import re, sys
text = open(sys.argv[1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'([a-z][a-z_]*) = (hex:([0-9a-f]*)|str:([a-zA-Z0-9 ]*))', line)
    if not m:
        sys.exit(125)
    if m.group(3) is not None:
        try:
            bytes.fromhex(m.group(3))
        except ValueError:
            sys.exit(1)
sys.exit(0)
