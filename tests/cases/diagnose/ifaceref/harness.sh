#!/usr/bin/env python3
# netd looks each bridge port up in its interface table and dereferences
# the result: a port naming no configured interface is a NULL dereference
import re, sys
text = open(sys.argv[-1]).read()
nm = r'(?:eth[0-3]|wlan[0-1])'
if not re.fullmatch(r'(?:iface ' + nm + r' mtu (?:1500|9000|1280)\n)+(?:bridge br[0-9] ports(?: ' + nm + r')+\n)+', text):
    sys.exit(125)
ifaces = set(re.findall(r'^iface (\S+) mtu', text, re.M))
for line in re.findall(r'^bridge .*$', text, re.M):
    for p in line.split()[3:]:
        if p not in ifaces:
            print("netd: segfault at 0x18 in br_add_port (port %s)" % p, file=sys.stderr)
            sys.exit(139)
print("bridges up")
