#!/usr/bin/env python3
# (follow-up to rotcfg) one bug only: keeping 0 copies ("0" or "00") makes
# the rotator compute a modulo by zero
import re, sys
m = re.fullmatch(r'rotate (\S+) keep ([0-9]{1,2}) every (hour|day|week|month)\n', open(sys.argv[1]).read())
if not m:
    sys.exit(125)
sys.exit(1 if int(m.group(2)) == 0 else 0)
