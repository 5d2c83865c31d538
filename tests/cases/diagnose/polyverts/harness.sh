#!/usr/bin/env python3
# a renderer whose vertex buffer holds eleven points: more fail; 125 for
# anything but a polygon line
import sys, re
t = open(sys.argv[1]).read()
m = re.fullmatch(r'polygon ((?:\d+,\d+ )*\d+,\d+)\n', t)
if not m: sys.exit(125)
pts = m.group(1).split(' ')
sys.exit(1 if len(pts) > 11 else 0)
