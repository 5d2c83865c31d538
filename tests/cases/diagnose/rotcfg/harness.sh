#!/usr/bin/env python3
# two unrelated bugs: keeping 0 copies makes the rotator compute a modulo
# by zero; a path segment that is exactly ".." trips the path sandbox's
# assertion (segments like "..a" or "a.." are fine)
import re, sys
m = re.fullmatch(r'rotate (\S+) keep ([0-9]{1,2}) every (hour|day|week|month)\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
segs = m.group(1).split('/')[1:]
if int(m.group(2)) == 0:
    sys.exit(1)
if any(s == '..' for s in segs):
    sys.exit(1)
sys.exit(0)
