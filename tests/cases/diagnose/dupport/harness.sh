#!/usr/bin/env python3
# the supervisor binds every port in order: a port number already bound
# (whatever its spelling or protocol) fails with EADDRINUSE
import re, sys
lines = open(sys.argv[1]).read().split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
bound = set()
for line in lines[:-1]:
    m = re.fullmatch(r'listen (web|api|ssh|dns|ntp) ([0-9]{1,4})(/tcp|/udp)?', line)
    if not m:
        sys.exit(125)
    port = int(m.group(2))
    if port in bound:
        print("bind: address in use", file=sys.stderr)
        sys.exit(1)
    bound.add(port)
sys.exit(0)
