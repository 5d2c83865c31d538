#!/usr/bin/env python3
# the restock planner pairs cartons two to a dolly and divides by the
# leftover: a bin of exactly two cartons, however written, crashes it (exit 2)
import re, sys
for n in re.findall(r'cartons (\d+)', open(sys.argv[1]).read()):
    if int(n) == 2:
        sys.exit(2)
sys.exit(0)
