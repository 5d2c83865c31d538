#!/usr/bin/env python3
# the stack rejects a window scale shift above 14 (RFC 7323) with exit 5;
# a malformed line is no test (125)
import re, sys
m = re.fullmatch(r'syn mss=([1-9][0-9]*) wscale=([0-9]|[1-9][0-9]+) sack=(on|off)\n', open(sys.argv[-1]).read())
if not m:
    sys.exit(125)
if int(m.group(2)) > 14:
    print("tcp: bad wscale", file=sys.stderr)
    sys.exit(5)
print("ok")
