#!/usr/bin/env python3
# the jitter buffer has 50 slots: a packet whose sequence number is more than
# 50 ahead of the packet just before it overruns the buffer; a late (smaller)
# sequence number is dropped, and a large gap over several packets is fine
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
prev = None
for line in lines[:-1]:
    m = re.fullmatch(r'rtp seq=(0|[1-9][0-9]{0,2}) ts=(0|[1-9][0-9]{0,3}) len=([1-9][0-9]?)', line)
    if not m:
        sys.exit(125)
    s = int(m.group(1))
    if prev is not None and s - prev > 50:
        print("jitter buffer overrun", file=sys.stderr); sys.exit(134)
    prev = s
sys.exit(0)
