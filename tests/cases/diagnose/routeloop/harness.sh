#!/usr/bin/env python3
# the forwarding engine has no hairpin path: a rule whose out interface is
# its in interface dereferences a null next hop (segfault)
import re, sys
t = open(sys.argv[1]).read()
lines = t.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
I = r'(eth0|eth1|wlan0|lo|br0)'
for line in lines[:-1]:
    m = re.fullmatch(r'forward in=' + I + ' out=' + I + r' proto=(tcp|udp|any)', line)
    if not m:
        sys.exit(125)
    if m.group(1) == m.group(2):
        print("Segmentation fault", file=sys.stderr); sys.exit(139)
sys.exit(0)
