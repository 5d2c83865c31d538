#!/usr/bin/env python3
# the exporter writes rows in batches of 50 and, after a full last batch,
# flushes an empty one, which the writer rejects (crash)
import re, sys
t = open(sys.argv[-1]).read()
m = re.fullmatch(r'export [a-z]+ limit (0|[1-9][0-9]*)', t)
if not m:
    sys.exit(125)
n = int(m.group(1))
nbatch = (n + 49) // 50
last = n - 50 * (nbatch - 1) if nbatch else 0
if last == 50:
    sys.exit(1)
sys.exit(0)
