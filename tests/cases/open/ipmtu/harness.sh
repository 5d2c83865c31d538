#!/usr/bin/env python3
# a replayer builds each packet in a 1500-byte frame buffer: the header takes
# 4 * ihl bytes, the payload follows; it checks only the payload against
# 1500, so a header plus payload above 1500 overflows the frame
import sys, re
text = open(sys.argv[-1]).read()
if not text.endswith("\n"):
    sys.exit(125)
for line in text[:-1].split("\n"):
    m = re.fullmatch(r"pkt id=[0-9]{1,2} ihl=([0-9]+) payload=([0-9]+)", line)
    if not m:
        sys.exit(125)
    ihl, plen = int(m.group(1)), int(m.group(2))
    if ihl < 5 or ihl > 15:
        sys.exit(125)
    if plen > 1500:
        continue  # rejected, skipped
    if 4 * ihl + plen > 1500:
        sys.exit(134)
sys.exit(0)
