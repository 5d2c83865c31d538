#!/usr/bin/env python3
# a firewall compiler that refuses to open the IRC ports 6665-6669: an
# allow rule for one of them fails (a deny rule is fine); 125 when malformed
import re, sys
for line in open(sys.argv[1]).read().splitlines():
    m = re.fullmatch(r'(allow|deny) tcp ([1-9][0-9]{0,4})', line)
    if not m:
        sys.exit(125)
    if m.group(1) == "allow" and 6665 <= int(m.group(2)) <= 6669:
        sys.exit(1)
sys.exit(0)
