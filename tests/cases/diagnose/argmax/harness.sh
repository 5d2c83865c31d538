#!/usr/bin/env python3
# a launcher with room for eight arguments in its argv table: a ninth
# overflows it (fails); 125 when malformed
import re, sys
t = open(sys.argv[1]).read()
m = re.fullmatch(r'(cp|mv|tar|grep)((?: (?:-[a-z]|[a-z0-9./]+))*)\n', t)
if not m:
    sys.exit(125)
args = m.group(2).split()
sys.exit(1 if len(args) > 8 else 0)
