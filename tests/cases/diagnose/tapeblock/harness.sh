#!/usr/bin/env python3
# the catalogue indexer keeps block counts in an unsigned 32-bit field and
# aborts (exit 4) when one does not fit: above 4294967295
import re, sys
for n in re.findall(r'blocks (\d+)', open(sys.argv[1]).read()):
    if int(n) > 4294967295:
        sys.exit(4)
sys.exit(0)
