#!/usr/bin/env python3
# the shaft resonates between ratios 2.5 and 3.0 (both ends are fine): the
# simulator rejects a table with a ratio strictly inside that band
import re, sys
lines = open(sys.argv[1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'gear [1-8] ratio=([0-9]\.[0-9]{1,2})( overdrive)?', line)
    if not m:
        sys.exit(125)
    r = float(m.group(1))
    if 2.5 < r < 3.0:
        print("resonance band", file=sys.stderr)
        sys.exit(1)
sys.exit(0)
