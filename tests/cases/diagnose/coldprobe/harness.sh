#!/usr/bin/env python3
# the frost monitor aborts (exit 3) when a reading lies below minus its
# probe's limit; readings above the limit are clamped and pass
import re, sys
for r, l in re.findall(r'reading (-?\d+) limit (\d+)', open(sys.argv[1]).read()):
    if int(r) < -int(l):
        sys.exit(3)
sys.exit(0)
