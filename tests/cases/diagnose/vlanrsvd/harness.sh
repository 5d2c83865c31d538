#!/usr/bin/env python3
# VLANs 1002-1005 are reserved for FDDI and Token Ring defaults: the switch
# refuses to rename them and the provisioning run fails
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'vlan ([1-9][0-9]{0,3}) name [a-z][a-z0-9-]*( tagged| untagged)?', line)
    if not m:
        sys.exit(125)
    if 1002 <= int(m.group(1)) <= 1005:
        print("%VLAN 1003 is a reserved VLAN", file=sys.stderr); sys.exit(1)
sys.exit(0)
