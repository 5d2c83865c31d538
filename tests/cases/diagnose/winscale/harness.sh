#!/usr/bin/env python3
# the dissector's window scaling shifts a 9-bit window wrongly: any window
# of 256-511 makes it assert (sequence numbers in that range are fine)
import re, sys
lines = open(sys.argv[1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'seg seq=(0|[1-9][0-9]{0,3}) win=(0|[1-9][0-9]{0,3})( ack| psh ack)?', line)
    if not m:
        sys.exit(125)
    if 256 <= int(m.group(2)) <= 511:
        sys.exit(134)
sys.exit(0)
