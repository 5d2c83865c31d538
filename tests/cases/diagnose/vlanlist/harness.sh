#!/usr/bin/env python3
# a switch configuration loader: a VLAN id above 4094 is out of the 12-bit
# tag's usable range (exit 3); an interface name is copied into a 16-byte
# IFNAMSIZ buffer with its terminating zero: 16 bytes or more overflow
# (exit 3)
import sys
for line in open(sys.argv[-1]).read().split("\n")[:-1]:
    _, name, _, vid, mode = line.split(" ")
    if int(vid) > 4094 or len(name) >= 16:
        sys.exit(3)
sys.exit(0)
