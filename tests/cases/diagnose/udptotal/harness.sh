#!/usr/bin/env python3
# the dissector copies the UDP datagram from offset 4*ihl for len bytes out
# of a buffer of total bytes, trusting len: a datagram that ends past the
# packet's total length reads out of bounds (crash)
import re, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'ipv4 ihl=([5-9]|1[0-5]) total=([1-9][0-9]*) udp [1-9][0-9]*>[1-9][0-9]* len=([1-9][0-9]*)', line)
    if not m:
        sys.exit(125)
    ihl, total, ulen = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if 4 * ihl + ulen > total:
        sys.exit(139)
print("dissected")
