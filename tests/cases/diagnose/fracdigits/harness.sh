#!/usr/bin/env python3
# the reader scales the fraction into microunits with a fixed table of six
# powers of ten: a reading with more than six decimals indexes past it
import sys
for line in open(sys.argv[-1]).read().split("\n"):
    if not line:
        continue
    parts = line.split(" ")
    if len(parts) != 2:
        sys.exit(125)
    reading = parts[1]
    if "." in reading:
        frac = reading.split(".", 1)[1]
        if len(frac) > 6:
            sys.exit(6)
sys.exit(0)
